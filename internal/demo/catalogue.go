package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"drape/internal/catalog"
	"drape/internal/shop"
)

// shade is a named cloth colour: Name is what the shop calls it, Hex what the art paints.
type shade struct {
	Name string
	Hex  string
}

var (
	white       = shade{"White", "#F6F5F1"}
	ivory       = shade{"Ivory", "#EFE7D6"}
	lightBlue   = shade{"Light Blue", "#BCD2E8"}
	skyBlue     = shade{"Sky Blue", "#93BADF"}
	palePink    = shade{"Pale Pink", "#EACBC8"}
	lavender    = shade{"Lavender", "#C9C1DD"}
	mint        = shade{"Mint", "#C3DCCB"}
	navy        = shade{"Navy", "#1F2B47"}
	midnight    = shade{"Midnight Blue", "#1A2236"}
	charcoal    = shade{"Charcoal", "#3A3D42"}
	grey        = shade{"Grey", "#8D9196"}
	steelGrey   = shade{"Steel Grey", "#6B737C"}
	black       = shade{"Black", "#1D1D1F"}
	bottleGreen = shade{"Bottle Green", "#1F4A3A"}
	wine        = shade{"Wine", "#6A1F2E"}
	beige       = shade{"Beige", "#D3C1A0"}
	sand        = shade{"Sand", "#C9B48E"}
	khaki       = shade{"Khaki", "#A99A6E"}
	olive       = shade{"Olive", "#5B5E3E"}
	camel       = shade{"Camel", "#B08456"}
	brown       = shade{"Brown", "#5A3F2C"}
)

// garment is the silhouette the art draws.
type garment int

const (
	shirtGarment garment = iota
	blouseGarment
	trousersGarment
	womensTrousersGarment
	blazerGarment
	womensBlazerGarment
	suitGarment
	waistcoatGarment
	skirtGarment
)

// weave is the fabric texture the art lays over the colour.
type weave int

const (
	plainWeave weave = iota
	oxfordWeave
	twillWeave
	linenWeave
	pinstripeWeave
	herringboneWeave
	checkWeave
)

// look is how one style is drawn.
type look struct {
	Garment garment
	Weave   weave
	Collar  string // shirts: spread, cutaway, buttondown, mandarin, bow, rounded
	Pocket  bool   // a chest pocket
	Pleats  bool   // pleated trousers
	Elastic bool   // a flexi waistband with elastic sides
	Taper   bool   // a slim, tapered leg or body
	Wide    bool   // a wide leg
	Lapel   string // jackets: notch, peak, shawl
	Buttons int    // jackets: front buttons
}

// style is one product line: its name, fit, what it is made of and how it looks.
type style struct {
	Name   string
	Fit    string
	About  string // the first sentence of its description
	Fabric string // the second
	Look   look
}

// parcel is how a garment ships: folded size in cm and its weight range in grams.
type parcel struct {
	Length, Width, Height float64
	MinGrams, MaxGrams    int
}

// subCategorySpec is one sub-category of the demo shop and what it sells.
type subCategorySpec struct {
	Name     string
	Category string // Men or Women
	Prefix   string // product code prefix: JF-<Prefix>-0001
	Slug     string
	Count    int // products in the demo shop
	Sizes    []string
	Prices   []int64 // list prices in rupees
	Colours  []shade
	Styles   []style
	Parcel   parcel
	Tile     shade    // the colour of the sub-category tile's garment
	Extras   []string // closing sentences, one of which some descriptions get
}

var (
	shirtSizes        = []string{"S", "M", "L", "XL", "XXL"}
	womensTopSizes    = []string{"XS", "S", "M", "L", "XL"}
	waistSizes        = []string{"28", "30", "32", "34", "36", "38", "40", "42", "44"}
	womensWaistSizes  = []string{"28", "30", "32", "34", "36", "38"}
	chestSizes        = []string{"36", "38", "40", "42", "44", "46"}
	returnDescription = "Easy 7-day returns and exchanges: send it back unused, with its tags on, within 7 days of delivery. " +
		"Size exchanges are free, and refunds reach your original payment method within 5–7 business days of inspection."
)

// shopName is whose demo shop this is.
const shopName = "Jaipur Formals"

// subCategories is the demo shop's range, in display order.
var subCategories = []subCategorySpec{
	{
		Name: "Formal Shirts", Category: "Men", Prefix: "MSH", Slug: "formal-shirts", Count: 16, Sizes: shirtSizes,
		Prices:  []int64{1299, 1499, 1699, 1799, 1999, 2199, 2499, 2799, 2999},
		Colours: []shade{white, lightBlue, skyBlue, palePink, lavender, ivory, grey, black, navy, wine, mint},
		Parcel:  parcel{30, 24, 4, 260, 340}, Tile: lightBlue,
		Styles: []style{
			{"Slim-Fit Oxford Shirt", "Slim fit", "A crisp oxford shirt cut close through the chest and waist, with a spread collar that sits neatly under a tie.", "Woven from two-ply cotton oxford that softens with every wash.", look{Garment: shirtGarment, Weave: oxfordWeave, Collar: "spread", Pocket: true, Taper: true}},
			{"Classic Poplin Dress Shirt", "Regular fit", "Our everyday office shirt in smooth cotton poplin, with a full placket and single-button cuffs.", "The fine 100s poplin stays cool through a long day in the Indian summer.", look{Garment: shirtGarment, Weave: plainWeave, Collar: "spread", Pocket: true}},
			{"Cutaway-Collar Twill Shirt", "Slim fit", "A sharp twill shirt with a wide cutaway collar made for a bold Windsor knot.", "Cotton twill with a subtle diagonal sheen that keeps its press.", look{Garment: shirtGarment, Weave: twillWeave, Collar: "cutaway", Taper: true}},
			{"Button-Down Pinpoint Shirt", "Regular fit", "A button-down collar and pinpoint weave give this shirt an easy polish from boardroom to dinner.", "Pinpoint cotton, finer than oxford and sturdier than poplin.", look{Garment: shirtGarment, Weave: oxfordWeave, Collar: "buttondown", Pocket: true}},
			{"Mandarin-Collar Linen Shirt", "Tailored fit", "A band-collar shirt in breathable linen for warm-weather functions and sangeet evenings.", "Pure linen, pre-washed so it drapes softly without stiffness.", look{Garment: shirtGarment, Weave: linenWeave, Collar: "mandarin", Taper: true}},
			{"Non-Iron Easy-Care Shirt", "Regular fit", "Out of the wash and ready to wear: a wrinkle-resistant shirt for travel and back-to-back meetings.", "Cotton with an easy-care finish that skips the iron.", look{Garment: shirtGarment, Weave: plainWeave, Collar: "spread", Pocket: true}},
			{"Fine Check Formal Shirt", "Slim fit", "A tonal micro-check that reads as a solid from across the room and rewards a closer look.", "Yarn-dyed cotton with a soft hand and lasting colour.", look{Garment: shirtGarment, Weave: checkWeave, Collar: "spread", Taper: true}},
		},
		Extras: []string{
			"Pair it with charcoal trousers and a knitted tie for the office, or wear it open-collared under a blazer.",
			"Machine wash cold with similar colours and iron on medium heat while slightly damp.",
			"Finished with a curved hem that stays tucked in, and genuine shell-effect buttons.",
		},
	},
	{
		Name: "Formal Trousers", Category: "Men", Prefix: "MTR", Slug: "formal-trousers", Count: 12, Sizes: waistSizes,
		Prices:  []int64{1499, 1799, 1999, 2299, 2499, 2799, 2999, 3299, 3499},
		Colours: []shade{charcoal, navy, grey, beige, black, khaki, steelGrey, brown, sand},
		Parcel:  parcel{35, 28, 5, 420, 600}, Tile: charcoal,
		Styles: []style{
			{"Pleated Wool-Blend Trousers", "Regular fit", "Single-pleated trousers with a sharp pressed crease and room through the thigh.", "A wool-polyester blend that resists creasing and holds its line all day.", look{Garment: trousersGarment, Weave: twillWeave, Pleats: true}},
			{"Flat-Front Slim Trousers", "Slim fit", "Clean flat-front trousers with a slim, tapered leg that sits just on the shoe.", "Smooth poly-viscose suiting with a soft, dry hand.", look{Garment: trousersGarment, Weave: plainWeave, Taper: true}},
			{"Tropical Wool Trousers", "Tailored fit", "Lightweight tropical wool trousers for the office and evening functions alike.", "An open weave that breathes in the heat and drapes beautifully.", look{Garment: trousersGarment, Weave: twillWeave}},
			{"Herringbone Formal Trousers", "Regular fit", "A quiet herringbone gives these straight-leg trousers depth without shouting.", "Brushed herringbone suiting, warm enough for Delhi winters.", look{Garment: trousersGarment, Weave: herringboneWeave, Pleats: true}},
			{"Cotton Chino Dress Trousers", "Slim fit", "Dress chinos with a hidden extension waistband, smart enough for a blazer.", "Cotton twill with a touch of give and a garment-washed finish.", look{Garment: trousersGarment, Weave: twillWeave, Taper: true}},
		},
		Extras: []string{
			"Finished with a hook-and-bar closure, a zip fly and two back welt pockets.",
			"Hems are left with extra length so your tailor can set the break you like.",
			"Dry clean recommended; steam between wears to refresh the crease.",
		},
	},
	{
		Name: "Stretch Pant", Category: "Men", Prefix: "MST", Slug: "stretch-pant", Count: 8, Sizes: waistSizes,
		Prices:  []int64{1499, 1699, 1899, 1999, 2299, 2499},
		Colours: []shade{navy, charcoal, black, grey, olive, beige, steelGrey},
		Parcel:  parcel{34, 27, 4, 380, 520}, Tile: navy,
		Styles: []style{
			{"Four-Way Stretch Formal Pant", "Slim fit", "A formal pant that moves with you: four-way stretch for long commutes and longer days.", "Polyester-viscose with elastane, quick to dry and easy on the knees.", look{Garment: trousersGarment, Weave: plainWeave, Taper: true}},
			{"Travel Stretch Dress Pant", "Tailored fit", "Packs flat and comes out sharp, with a zipped security pocket for passport and cards.", "Crease-resistant stretch twill that shrugs off long flights.", look{Garment: trousersGarment, Weave: twillWeave, Taper: true}},
			{"Comfort Stretch Office Pant", "Regular fit", "Straight-leg office pants with a comfortable rise and just enough stretch to forget you are wearing them.", "Soft stretch suiting with a matte finish.", look{Garment: trousersGarment, Weave: plainWeave}},
		},
		Extras: []string{
			"Machine washable on a gentle cycle; hang to dry and it needs barely a press.",
			"A silicone-gripped waistband keeps your shirt tucked in from desk to dinner.",
		},
	},
	{
		Name: "Flexiwaist Pant", Category: "Men", Prefix: "MFW", Slug: "flexiwaist-pant", Count: 8, Sizes: waistSizes,
		Prices:  []int64{1599, 1799, 1999, 2199, 2499, 2799},
		Colours: []shade{charcoal, navy, black, grey, khaki, brown, sand},
		Parcel:  parcel{34, 27, 5, 400, 560}, Tile: grey,
		Styles: []style{
			{"Flexiwaist Formal Trousers", "Regular fit", "Hidden elastic panels at the sides give the waist two sizes of comfortable adjustment.", "Wrinkle-resistant poly-viscose that looks tailored all day.", look{Garment: trousersGarment, Weave: plainWeave, Elastic: true}},
			{"Flexiwaist Pleated Trousers", "Relaxed fit", "A single pleat and an easy flexi waistband for long weddings and longer dinners.", "Soft wool-blend suiting with a gentle drape.", look{Garment: trousersGarment, Weave: twillWeave, Elastic: true, Pleats: true}},
			{"Flexiwaist Slim Trousers", "Slim fit", "All the comfort of a flexi waist in a slim, modern leg.", "Stretch suiting with a fine twill face.", look{Garment: trousersGarment, Weave: twillWeave, Elastic: true, Taper: true}},
		},
		Extras: []string{
			"The waistband stretches up to 5 cm, so the fit stays right whatever the day brings.",
			"Belt loops stay in place if you prefer to wear a belt.",
		},
	},
	{
		Name: "Blazers", Category: "Men", Prefix: "MBL", Slug: "blazers", Count: 8, Sizes: chestSizes,
		Prices:  []int64{4999, 5999, 6499, 6999, 7999, 8999, 9999},
		Colours: []shade{navy, charcoal, black, bottleGreen, wine, beige, camel, midnight},
		Parcel:  parcel{45, 38, 10, 850, 1250}, Tile: navy,
		Styles: []style{
			{"Two-Button Linen Blazer", "Tailored fit", "An unstructured two-button blazer in breezy linen, made for summer weddings and rooftop dinners.", "Pure linen with a half lining so it stays light on the shoulders.", look{Garment: blazerGarment, Weave: linenWeave, Lapel: "notch", Buttons: 2}},
			{"Single-Breasted Wool Blazer", "Slim fit", "A sharply cut classic with notch lapels and a clean two-button front.", "Fine wool blend with a soft canvas chest that moulds to you over time.", look{Garment: blazerGarment, Weave: twillWeave, Lapel: "notch", Buttons: 2}},
			{"Peak-Lapel Velvet Blazer", "Slim fit", "Rich cotton velvet and bold peak lapels for receptions, sangeets and evenings that matter.", "Cotton velvet with a satin lining and horn-effect buttons.", look{Garment: blazerGarment, Weave: plainWeave, Lapel: "peak", Buttons: 1}},
			{"Shawl-Collar Dinner Jacket", "Tailored fit", "A one-button dinner jacket with a satin-faced shawl collar for black-tie nights.", "Barathea wool blend with grosgrain-trimmed pockets.", look{Garment: blazerGarment, Weave: plainWeave, Lapel: "shawl", Buttons: 1}},
			{"Herringbone Travel Blazer", "Regular fit", "A soft herringbone blazer with inside zip pockets for tickets, phone and passport.", "Crease-resistant wool blend that arrives looking pressed.", look{Garment: blazerGarment, Weave: herringboneWeave, Lapel: "notch", Buttons: 2}},
		},
		Extras: []string{
			"Sleeves are finished with working buttonholes and can be shortened by up to 3 cm.",
			"Dry clean only. Hang it on a shaped hanger to keep the shoulders in form.",
			"Wear it with a crisp white shirt and grey trousers, or over a mandarin-collar shirt for festive evenings.",
		},
	},
	{
		Name: "Suits", Category: "Men", Prefix: "MSU", Slug: "suits", Count: 8, Sizes: chestSizes,
		Prices:  []int64{8999, 10999, 12499, 13999, 14999, 16999, 18999},
		Colours: []shade{navy, charcoal, black, midnight, grey, steelGrey, beige},
		Parcel:  parcel{50, 40, 12, 1400, 1900}, Tile: charcoal,
		Styles: []style{
			{"Two-Piece Wool-Blend Suit", "Slim fit", "A two-button jacket and flat-front trousers cut as a pair for interviews, boardrooms and weddings.", "Italian-styled wool blend with a soft sheen and a full satin lining.", look{Garment: suitGarment, Weave: twillWeave, Lapel: "notch", Buttons: 2}},
			{"Pinstripe Business Suit", "Tailored fit", "A chalk-fine pinstripe lengthens the line of this sharply tailored two-piece.", "Wool-rich suiting with a crisp, dry handle.", look{Garment: suitGarment, Weave: pinstripeWeave, Lapel: "notch", Buttons: 2, Taper: true}},
			{"Peak-Lapel Wedding Suit", "Slim fit", "Peak lapels and a single button make this the suit for your own reception, or your best friend's.", "Fine twill suiting with a gentle lustre under evening light.", look{Garment: suitGarment, Weave: twillWeave, Lapel: "peak", Buttons: 1, Taper: true}},
			{"Tropical Linen-Blend Suit", "Regular fit", "A breathable linen-blend suit for daytime functions and destination weddings.", "Linen and viscose for drape with less creasing than pure linen.", look{Garment: suitGarment, Weave: linenWeave, Lapel: "notch", Buttons: 2}},
		},
		Extras: []string{
			"Trousers come with 5 cm of extra fabric at the hem and waist for alterations.",
			"Delivered in a breathable garment bag with a shaped hanger.",
			"Dry clean only; let it rest a day between wears.",
		},
	},
	{
		Name: "Waistcoats", Category: "Men", Prefix: "MWC", Slug: "waistcoats", Count: 6, Sizes: chestSizes,
		Prices:  []int64{1999, 2499, 2799, 2999, 3499, 3999},
		Colours: []shade{navy, charcoal, wine, bottleGreen, beige, grey, black},
		Parcel:  parcel{35, 30, 5, 320, 480}, Tile: wine,
		Styles: []style{
			{"Five-Button Formal Waistcoat", "Slim fit", "A five-button waistcoat with a satin back and adjustable buckle strap.", "Wool-blend front with a polished satin back.", look{Garment: waistcoatGarment, Weave: twillWeave, Buttons: 5}},
			{"Textured Festive Waistcoat", "Tailored fit", "A finely textured waistcoat that dresses up a kurta or a white shirt in one move.", "Jacquard-woven suiting with a subtle tonal texture.", look{Garment: waistcoatGarment, Weave: herringboneWeave, Buttons: 5}},
			{"Linen Summer Waistcoat", "Regular fit", "A breezy linen waistcoat for mehendi mornings and garden receptions.", "Pure linen front, cotton back.", look{Garment: waistcoatGarment, Weave: linenWeave, Buttons: 5}},
		},
		Extras: []string{
			"Wear it with matching trousers as a three-piece, or on its own over an open-collared shirt.",
			"Dry clean only.",
		},
	},
	{
		Name: "Women's Shirts", Category: "Women", Prefix: "WSH", Slug: "womens-shirts", Count: 10, Sizes: womensTopSizes,
		Prices:  []int64{1299, 1499, 1699, 1899, 1999, 2299, 2499, 2799},
		Colours: []shade{white, ivory, lightBlue, palePink, lavender, black, mint, wine, skyBlue},
		Parcel:  parcel{30, 24, 3, 180, 260}, Tile: palePink,
		Styles: []style{
			{"Tailored Poplin Shirt", "Tailored fit", "A crisp poplin shirt shaped with front darts for a clean line under a blazer.", "Cotton poplin with a light stretch for easy movement.", look{Garment: blouseGarment, Weave: plainWeave, Collar: "rounded", Taper: true}},
			{"Pussy-Bow Satin Blouse", "Regular fit", "A fluid blouse with a soft bow at the neck that ties loose or neat.", "Satin-finish viscose that drapes and catches the light.", look{Garment: blouseGarment, Weave: plainWeave, Collar: "bow"}},
			{"Band-Collar Cotton Shirt", "Relaxed fit", "A relaxed band-collar shirt that works tucked into trousers or worn loose.", "Breathable cotton voile, light as air in the heat.", look{Garment: blouseGarment, Weave: linenWeave, Collar: "mandarin"}},
			{"Classic Oxford Work Shirt", "Regular fit", "The work shirt that does everything, in soft oxford with a neat pointed collar.", "Two-ply cotton oxford, pre-washed for softness.", look{Garment: blouseGarment, Weave: oxfordWeave, Collar: "spread", Taper: true}},
		},
		Extras: []string{
			"Machine wash cold and hang to dry; a quick press restores the collar.",
			"Finished with tonal buttons and a softly curved hem.",
		},
	},
	{
		Name: "Women's Trousers", Category: "Women", Prefix: "WTR", Slug: "womens-trousers", Count: 8, Sizes: womensWaistSizes,
		Prices:  []int64{1499, 1799, 1999, 2299, 2499, 2799, 2999},
		Colours: []shade{black, navy, beige, charcoal, grey, camel, ivory, wine},
		Parcel:  parcel{35, 28, 4, 340, 480}, Tile: beige,
		Styles: []style{
			{"High-Rise Wide-Leg Trousers", "Wide leg", "High-rise trousers with a fluid wide leg that lengthens every silhouette.", "Crepe suiting with a soft, weighty drape.", look{Garment: womensTrousersGarment, Weave: plainWeave, Wide: true, Pleats: true}},
			{"Tailored Cigarette Trousers", "Slim fit", "Slim cigarette trousers that end neatly at the ankle, perfect with loafers or heels.", "Stretch suiting that keeps its shape through the day.", look{Garment: womensTrousersGarment, Weave: plainWeave, Taper: true}},
			{"Pleated Straight Trousers", "Regular fit", "Front pleats and a straight leg give these trousers an easy, polished fall.", "Wool-blend twill with a pressed centre crease.", look{Garment: womensTrousersGarment, Weave: twillWeave, Pleats: true}},
			{"Flexi-Waist Work Trousers", "Regular fit", "A comfortable flexi back waistband with a flat, tailored front.", "Wrinkle-resistant poly-viscose for busy days.", look{Garment: womensTrousersGarment, Weave: twillWeave, Elastic: true}},
		},
		Extras: []string{
			"Side-seam pockets and a hook-and-bar closure keep the front smooth.",
			"Machine wash on a gentle cycle or dry clean.",
		},
	},
	{
		Name: "Women's Blazers", Category: "Women", Prefix: "WBL", Slug: "womens-blazers", Count: 6, Sizes: womensTopSizes,
		Prices:  []int64{4999, 5499, 5999, 6999, 7999, 8999},
		Colours: []shade{black, navy, beige, ivory, camel, wine, grey, bottleGreen},
		Parcel:  parcel{42, 34, 8, 650, 950}, Tile: camel,
		Styles: []style{
			{"Single-Button Tailored Blazer", "Tailored fit", "A single-button blazer with a nipped waist and sharp notch lapels.", "Stretch suiting with a smooth viscose lining.", look{Garment: womensBlazerGarment, Weave: plainWeave, Lapel: "notch", Buttons: 1}},
			{"Relaxed Linen Blazer", "Relaxed fit", "An easy, half-lined linen blazer to throw over anything from a shirt to a sari blouse.", "Pure linen with a soft, lived-in texture.", look{Garment: womensBlazerGarment, Weave: linenWeave, Lapel: "notch", Buttons: 1}},
			{"Peak-Lapel Crepe Blazer", "Slim fit", "Strong peak lapels and a fitted body for presentations and evening events.", "Heavy crepe with a fluid drape and a satin lining.", look{Garment: womensBlazerGarment, Weave: twillWeave, Lapel: "peak", Buttons: 1}},
		},
		Extras: []string{
			"Pair it with the matching trousers for a suit, or with a silk blouse and denim for the weekend.",
			"Dry clean only.",
		},
	},
	{
		Name: "Pencil Skirts", Category: "Women", Prefix: "WSK", Slug: "pencil-skirts", Count: 5, Sizes: womensWaistSizes,
		Prices:  []int64{1299, 1499, 1699, 1999, 2299, 2499},
		Colours: []shade{black, navy, charcoal, beige, grey, wine},
		Parcel:  parcel{30, 25, 3, 240, 340}, Tile: black,
		Styles: []style{
			{"Tailored Knee-Length Pencil Skirt", "Slim fit", "A knee-length pencil skirt with a back vent for an easy stride.", "Stretch suiting that holds its shape and resists creasing.", look{Garment: skirtGarment, Weave: plainWeave}},
			{"Ponte Pull-On Pencil Skirt", "Regular fit", "A pull-on pencil skirt in thick ponte knit, smooth over the hips and comfortable all day.", "Double-knit ponte with a gentle stretch.", look{Garment: skirtGarment, Weave: twillWeave, Elastic: true}},
		},
		Extras: []string{
			"Fully lined, with a concealed back zip.",
			"Machine wash cold on a gentle cycle.",
		},
	},
}

// productPlan is one product to create, with what its art needs.
type productPlan struct {
	Spec    *subCategorySpec
	Style   style
	Colour  shade
	Product catalog.NewProduct // SubCategoryID is filled in when the sub-category exists
}

// planProduct makes product serial of spec from style styleIndex and colour colourIndex. rng
// picks the price, discount, stock, description and date; code is its product code.
func planProduct(rng *rand.Rand, spec *subCategorySpec, styleIndex, colourIndex int, code string, now time.Time) productPlan {
	st := spec.Styles[styleIndex%len(spec.Styles)]
	colour := spec.Colours[colourIndex%len(spec.Colours)]
	description := st.About
	switch rng.IntN(3) {
	case 1:
		description += " " + st.Fabric
	case 2:
		description += " " + st.Fabric + " " + spec.Extras[rng.IntN(len(spec.Extras))]
	}
	sizes := make([]catalog.Size, len(spec.Sizes))
	for i, s := range spec.Sizes {
		sizes[i] = catalog.Size{Size: s, Stock: stockFor(rng, i, len(spec.Sizes))}
	}
	p := spec.Parcel
	weight := p.MinGrams + rng.IntN(p.MaxGrams-p.MinGrams+1)
	age := time.Duration(rng.IntN(120*24*60)) * time.Minute
	return productPlan{
		Spec: spec, Style: st, Colour: colour,
		Product: catalog.NewProduct{
			Code:              code,
			Name:              colour.Name + " " + st.Name,
			Gender:            spec.Category,
			Price:             shop.Rupees(spec.Prices[rng.IntN(len(spec.Prices))]),
			Discount:          discountFor(rng),
			Colour:            colour.Name,
			BasicDescription:  description,
			ReturnDescription: returnDescription,
			Fit:               st.Fit,
			Length:            p.Length,
			Width:             p.Width,
			Height:            p.Height,
			WeightGrams:       weight - weight%5,
			Sizes:             sizes,
			CreatedAt:         now.Add(-age),
			Declarations:      declarationsOf[spec.Name],
		},
	}
}

// declarationsOf are each demo sub-category's own Legal Metrology declarations: the generic
// name a label gives its garments, and the pieces of a two-piece suit. The rest (maker,
// address, country of origin, consumer care) come from the company.
var declarationsOf = map[string]catalog.Declarations{
	"Formal Shirts":    {GenericName: "Men's shirt"},
	"Formal Trousers":  {GenericName: "Men's trousers"},
	"Stretch Pant":     {GenericName: "Men's trousers"},
	"Flexiwaist Pant":  {GenericName: "Men's trousers"},
	"Blazers":          {GenericName: "Men's blazer"},
	"Suits":            {GenericName: "Men's suit", NetQuantity: "1 N (2 pieces: jacket and trousers)"},
	"Waistcoats":       {GenericName: "Men's waistcoat"},
	"Women's Shirts":   {GenericName: "Women's shirt"},
	"Women's Trousers": {GenericName: "Women's trousers"},
	"Women's Blazers":  {GenericName: "Women's blazer"},
	"Pencil Skirts":    {GenericName: "Women's skirt"},
}

// stockFor is the stock of the i-th of n sizes: middle sizes carry more, and about one size in
// eight is sold out and one in ten runs low.
func stockFor(rng *rand.Rand, i, n int) int {
	switch r := rng.IntN(100); {
	case r < 12:
		return 0
	case r < 22:
		return 1 + rng.IntN(3)
	default:
		middle := float64(n-1) / 2
		distance := (float64(i) - middle) / (middle + 1)
		peak := 40 * (1 - distance*distance)
		return 4 + rng.IntN(int(peak)+1)
	}
}

// discountFor is a product's own discount: none on most, 10–30 % on the rest.
func discountFor(rng *rand.Rand) int {
	discounts := []int{0, 0, 0, 0, 0, 0, 10, 10, 15, 20, 25, 30}
	return discounts[rng.IntN(len(discounts))]
}

// productCode is the shop's product code: JF-MSH-0012.
func productCode(prefix string, serial int) string {
	return fmt.Sprintf("JF-%s-%04d", prefix, serial)
}

// slug is a lowercase, dash-separated form of name for file names.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r == '\'':
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
