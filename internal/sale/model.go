package sale

import "drape/internal/pricing"

// Sale is a sale as the storefront and the sale page see it: SPEC §3 has two shapes (the
// storefront's saleName/discount/categoryData and the admin's saleStatus/discountPercentage/
// category/mobileIamge), and every sale answers with both.
type Sale struct {
	ID                 string           `json:"_id"`
	Name               string           `json:"saleName"`
	Discount           int              `json:"discount"`
	DiscountPercentage int              `json:"discountPercentage"`
	Status             bool             `json:"saleStatus"`
	Gender             string           `json:"gender"`
	Category           string           `json:"category"`
	CategoryID         string           `json:"categoryId"`
	CategoryData       CategoryRef      `json:"categoryData"`
	SubCategories      []SubCategoryRef `json:"subCategories"`
	Image              string           `json:"image"`
	MobileImage        string           `json:"mobileIamge"`
}

// CategoryRef names a sale's category ("All" for every category).
type CategoryRef struct {
	CategoryType string `json:"categoryType"`
}

// SubCategoryRef is one sub-category a sale covers.
type SubCategoryRef struct {
	ID           string `json:"_id"`
	CategoryType string `json:"categoryType"`
}

// Pricing is the sale as package pricing applies it.
func (s Sale) Pricing() pricing.Sale {
	ids := make([]string, len(s.SubCategories))
	for i, sc := range s.SubCategories {
		ids[i] = sc.ID
	}
	return pricing.Sale{ID: s.ID, Name: s.Name, Discount: s.Discount, Active: s.Status, Gender: s.Gender,
		CategoryID: s.CategoryID, SubCategoryIDs: ids}
}

// NewSale is a sale to create.
type NewSale struct {
	Name           string
	Discount       int      // percent, 1 to 90
	Active         bool     // on: it prices products and the storefront shows it
	Gender         string   // All, Men, Women or Unisex
	CategoryID     string   // a category id or name; "" or All for every category
	SubCategoryIDs []string // empty: every sub-category (of the category)
	Image          string   // file under /uploads/sale/ (or its URL)
	MobileImage    string
}

// SaleChanges are the fields of a sale to change; nil fields keep their values.
type SaleChanges struct {
	Name           *string
	Discount       *int
	Active         *bool
	Gender         *string
	CategoryID     *string // a category id or name; "" or All for every category
	SubCategoryIDs *[]string
	Image          *string
	MobileImage    *string
}

// SalePage is one page of the back office's sale list.
type SalePage struct {
	Items      []Sale `json:"items"`
	Total      int64  `json:"total"`
	Page       int    `json:"page"`
	Limit      int    `json:"limit"`
	TotalPages int    `json:"totalPages"`
}
