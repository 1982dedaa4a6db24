package address

// MobileNumber reads phone as the address form does (an Indian mobile number, spaces, dashes
// and a +91, 91 or 0 in front allowed) and answers its 10 digits, or what is wrong with it.
func MobileNumber(phone string) (digits, problem string) {
	problem = mobileProblem(&phone)
	return phone, problem
}
