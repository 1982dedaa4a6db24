package main

import (
	"bytes"
	"encoding/json"

	"github.com/gofiber/fiber/v3"

	"drape/internal/cart"
	"drape/internal/shop"
)

// cartLineInput is a line to add: SPEC §3's add-to-cart payload, or a guest-cart line (which
// names the product `id`). Prices and totals in it are ignored: the server prices the cart.
type cartLineInput struct {
	ProductID string `json:"productId"`
	ID        string `json:"id"`
	Size      string `json:"size"`
	Quantity  *int   `json:"quantity"`
}

func (in cartLineInput) want() cart.Want {
	w := cart.Want{ProductID: in.ProductID, Size: in.Size, Quantity: 1}
	if w.ProductID == "" {
		w.ProductID = in.ID
	}
	if in.Quantity != nil {
		w.Quantity = *in.Quantity
	}
	return w
}

// getCart answers GET /api/getcartdetails: data.data is the lines, data.summary the totals.
func (s *server) getCart(c fiber.Ctx) error {
	got, err := s.carts.Get(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "", got)
}

// addToCart answers POST /api/addToCart with one line, or a list of guest lines to merge.
func (s *server) addToCart(c fiber.Ctx) error {
	var raw json.RawMessage
	if err := decodeJSON(c, &raw); err != nil {
		return err
	}
	var lines []cartLineInput
	if trimmed := bytes.TrimSpace(raw); len(trimmed) > 0 && trimmed[0] == '[' {
		if err := json.Unmarshal(trimmed, &lines); err != nil {
			return jsonProblem(err)
		}
	} else {
		var one cartLineInput
		if err := json.Unmarshal(trimmed, &one); err != nil {
			return jsonProblem(err)
		}
		if one.Quantity != nil && (*one.Quantity < 1) {
			return shop.E(shop.Invalid, "Quantity must be at least 1")
		}
		lines = []cartLineInput{one}
	}
	wants := make([]cart.Want, len(lines))
	for i, l := range lines {
		wants[i] = l.want()
		if len(lines) == 1 && (wants[i].ProductID == "" || wants[i].Size == "") {
			return shop.E(shop.Invalid, "Choose a product and a size")
		}
	}
	got, err := s.carts.Add(c.Context(), caller(c).UserID, wants)
	if err != nil {
		return err
	}
	return ok(c, "Item added to cart", got)
}

// updateCart answers POST /api/updatecart?cartId= with {quantity}: the line, priced.
func (s *server) updateCart(c fiber.Ctx) error {
	var in struct {
		Quantity *int `json:"quantity"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Quantity == nil {
		return shop.E(shop.Invalid, "Quantity must be at least 1")
	}
	line, err := s.carts.SetQuantity(c.Context(), caller(c).UserID, c.Query("cartId"), *in.Quantity)
	if err != nil {
		return err
	}
	return ok(c, "Cart updated", line)
}

// deleteCartLine answers DELETE /api/deletecart?cartId= and /api/deletecart/{id}; without
// an id it empties the cart.
func (s *server) deleteCartLine(c fiber.Ctx) error {
	id := c.Params("id")
	if id == "" {
		id = c.Query("cartId")
	}
	who := caller(c).UserID
	if id == "" {
		if err := s.carts.Clear(c.Context(), who); err != nil {
			return err
		}
		return ok(c, "Cart cleared", nil)
	}
	if err := s.carts.Remove(c.Context(), who, id); err != nil {
		return err
	}
	return ok(c, "Item removed from cart", fiber.Map{"_id": id})
}
