package shop

import "time"

// India is the shop's time zone, Indian Standard Time (UTC+05:30, no daylight saving): the
// dates a shopper or the tax law reads are its dates.
var India = time.FixedZone("IST", 5*60*60+30*60)
