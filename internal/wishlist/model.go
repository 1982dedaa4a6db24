package wishlist

// MaxItems bounds one wishlist.
const MaxItems = 200
