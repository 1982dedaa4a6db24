package main

import (
	"time"

	"github.com/gofiber/fiber/v3"
)

// routes is every route of the server on one screen. Paths under /api follow SPEC §7 exactly;
// everything the spec leaves unnamed is documented in openapi.yaml.
func (s *server) routes(app *fiber.App) {
	app.Get("/healthz", s.healthz)
	app.Get("/readyz", s.readyz)

	app.Get("/uploads/:kind/:file", s.upload)
	app.Get("/static/:file", s.static)

	api := app.Group("/api")
	api.Get("/openapi.yaml", s.openAPI)

	api.Get("/getcategory", s.getCategories)
	api.Get("/getproduct", s.getProducts)
	api.Get("/getproduct/:id", s.getProduct)
	api.Get("/products/search", s.searchProducts)
	api.Get("/getsale", s.getSales)
	api.Get("/getcms", s.getCMS)

	api.Get("/ws", s.websocketGate, s.websocket())
	api.Post("/client-errors", s.perIP("client-errors", 30, time.Minute), s.reportClientError)
	api.Get("/config", s.clientConfig)

	api.Post("/register", s.perIP("register", 20, 10*time.Minute), s.register)
	api.Post("/login", s.perIP("login", 30, time.Minute), s.login)
	api.Post("/auth/google", s.perIP("login", 30, time.Minute), s.googleLogin)
	api.Post("/forgotpassword", s.perIP("forgot", 10, 10*time.Minute), s.forgotPassword)
	api.Post("/otpverify", s.perIP("otp", 10, 10*time.Minute), s.verifyOTP)
	api.Post("/updatepassword", s.perIP("otp", 10, 10*time.Minute), s.updatePassword)
	api.Get("/getProfile", s.requireUser, s.profile)
	api.Post("/profile", s.requireUser, s.updateProfile)
	api.Post("/profile/email", s.requireUser, s.perIP("email-change", 10, 10*time.Minute), s.changeEmail)
	api.Post("/profile/password", s.requireUser, s.perIP("password-change", 10, 10*time.Minute), s.changePassword)
	api.Post("/logout-everywhere", s.requireUser, s.signOutEverywhere)

	api.Get("/address/states", s.states)
	api.Post("/addAddress", s.requireUser, s.addAddress)
	api.Get("/getAddress", s.requireUser, s.listAddresses)
	api.Post("/updateAddress/:id", s.requireUser, s.updateAddress)
	api.Delete("/deleteAddress/:id", s.requireUser, s.deleteAddress)

	api.Get("/wishlist", s.requireUser, s.wishlist)
	api.Post("/wishlist", s.requireUser, s.addToWishlist)
	api.Delete("/wishlist/:productId", s.requireUser, s.removeFromWishlist)

	api.Get("/getcartdetails", s.requireUser, s.getCart)
	api.Post("/addToCart", s.requireUser, s.addToCart)
	api.Post("/updatecart", s.requireUser, s.updateCart)
	api.Delete("/deletecart", s.requireUser, s.deleteCartLine)
	api.Delete("/deletecart/:id", s.requireUser, s.deleteCartLine)

	api.Get("/getcoupon", s.getCoupons)
	api.Get("/company", s.getCompany)
	api.Post("/checkout/quote", s.requireUser, s.quote)
	api.Post("/createOrder", s.requireUser, s.createOrder)
	api.Post("/payments/razorpay/order", s.requireUser, s.startOnlinePayment)
	api.Post("/payments/razorpay/failed", s.requireUser, s.abandonOnlinePayment)
	api.Post("/webhooks/razorpay", s.razorpayWebhook)
	api.Get("/getallorder", s.requireUser, s.listOrders)
	api.Get("/orders/:orderId", s.requireUser, s.getOrder)
	api.Post("/orders/:orderId/cancel", s.requireUser, s.cancelOrder)
	api.Get("/track", s.perIP("track", 60, time.Minute), s.trackOrder)
	api.Post("/orderStatus", s.requireStaff, s.changeOrderStatus)
	api.Post("/refund", s.requireAdmin, s.refundOrder)
	api.Post("/hooks/courier", s.courierWebhook)

	admin := api.Group("/admin")
	admin.Post("/login", s.perIP("admin-login", 20, time.Minute), s.adminLogin)
	admin.Post("/register", s.requireAdmin, s.registerStaff)
	admin.Get("/profile", s.requireStaff, s.profile)
	admin.Get("/getcompany", s.requireStaff, s.getCompany)
	admin.Get("/getalloder", s.requireStaff, s.adminOrders)
	admin.Get("/dashboard", s.requireStaff, s.adminDashboard)
	admin.Get("/analytics", s.requireStaff, s.adminAnalytics)
	admin.Post("/orders/:id/push", s.requireStaff, s.retryShipment)
	api.Use(s.apiNotFound)

	app.Get("/*", s.client.serve)
}
