package demo

// The shop's content pages as the owner would write them in the back office.
const (
	termsTitle = "Terms & Conditions"
	termsHTML  = `<h2>Terms &amp; Conditions</h2>
<p>These terms apply to every order placed on the Jaipur Formals online shop, run by Jaipur Formals, Jaipur, Rajasthan, India. By creating an account or placing an order you agree to them. Please read them together with our Return and Exchange Policy and our Shipping Policy.</p>

<h3>Your account</h3>
<ul>
<li>You must be 18 or older, or shopping with the consent of a parent or guardian.</li>
<li>Keep your password to yourself. You are responsible for orders placed from your account.</li>
<li>Give us a correct name, e-mail address, phone number and delivery address so that your parcel reaches you.</li>
</ul>

<h3>Products, colours and sizes</h3>
<p>We photograph and describe every garment as faithfully as we can. Colours can look slightly different from one screen to another, and fabrics with a natural texture, such as linen, vary a little from piece to piece. Measurements in our size guide are in inches and may differ by up to half an inch.</p>

<h3>Prices and payment</h3>
<ul>
<li>Prices are in Indian rupees (₹) and include all applicable taxes. Shipping within India is free.</li>
<li>A sale price or coupon applies only while the sale or coupon is running, and only one coupon can be used per order.</li>
<li>You can pay online by card, UPI or net banking through our payment partner, or choose cash on delivery where it is offered. We never see or store your card details.</li>
<li>If a price is shown wrongly because of an obvious error, we will tell you before dispatch and you may cancel for a full refund.</li>
</ul>

<h3>Orders and cancellations</h3>
<p>An order is confirmed when you receive our confirmation e-mail. You can cancel free of charge until the order is dispatched by writing to us with your order number; prepaid amounts are refunded to the original payment method. We may cancel an order if an item is out of stock or if we cannot verify the payment, and we will refund you in full.</p>

<h3>Delivery</h3>
<p>We ship within India only. Orders are packed within 1–2 business days, excluding Sundays and public holidays, and usually arrive within 3–7 business days. Please report a damaged or missing parcel within 48 hours of delivery, with your order number and photographs.</p>

<h3>Returns and exchanges</h3>
<p>Unused items with their tags on can be returned or exchanged within 7 days of delivery, as set out in our Return and Exchange Policy.</p>

<h3>Our content</h3>
<p>The photographs, drawings, text and logo on this site belong to Jaipur Formals. Please do not copy them for commercial use without our written permission.</p>

<h3>Liability</h3>
<p>Our liability for any order is limited to the amount you paid for it. Nothing in these terms limits your rights as a consumer under the Consumer Protection Act, 2019.</p>

<h3>Governing law</h3>
<p>These terms are governed by the laws of India. Any dispute is subject to the courts at Jaipur, Rajasthan.</p>

<h3>Contact us</h3>
<p>Jaipur Formals, Jaipur, Rajasthan, India. Write to <a href="mailto:care@jaipurformals.in">care@jaipurformals.in</a>, Monday to Saturday, 10 am to 7 pm.</p>`

	returnsTitle = "Return and Exchange Policy"
	returnsHTML  = `<h2>Return and Exchange Policy</h2>
<p>We want your shirt to sit right at the collar and your trousers to break just so. If something is not right, you can return or exchange it within <strong>7 days of delivery</strong>.</p>

<h3>What can be returned</h3>
<ul>
<li>Items that are unused, unwashed and unaltered, with all original tags attached.</li>
<li>Items sent back in their original packaging, with any belt, pocket square or spare buttons that came with them.</li>
</ul>

<h3>What cannot be returned</h3>
<ul>
<li>Items that have been worn, washed, altered or hemmed, or whose tags have been removed.</li>
<li>Made-to-measure and custom-tailored garments.</li>
<li>Pocket squares, ties and other accessories sold in sealed packs, once opened.</li>
<li>Items bought in a clearance sale that was marked as final sale.</li>
</ul>

<h3>Exchanges</h3>
<p>Exchanges are for a different size of the same product, and they are free. If the size you want is sold out, we will refund you instead. The replacement is dispatched once we have received and checked your return.</p>

<h3>Refunds</h3>
<ul>
<li>We inspect every return when it reaches us. Once it passes inspection, the refund is issued within <strong>5–7 business days</strong>.</li>
<li>Online payments are refunded to the original payment method: the same card, UPI account or bank account.</li>
<li>Cash-on-delivery orders are refunded by bank transfer (NEFT/IMPS) to an account you give us.</li>
<li>Shipping is free, so there are no shipping charges to deduct or refund.</li>
</ul>

<h3>How to start a return</h3>
<ol>
<li>Within 7 days of delivery, open the order from <strong>My orders</strong> and choose <strong>Return or exchange</strong>: pick the pieces, a reason and, for an exchange, the new size, which we hold for you at once.</li>
<li>We will review your request within one business day and arrange a pickup from your address. You can follow each step on the order page. If you cannot use the site, e-mail <a href="mailto:care@jaipurformals.in">care@jaipurformals.in</a> with your <strong>order number</strong>.</li>
<li>Pack the item with its tags on and hand it to our courier partner.</li>
</ol>

<h3>Where we accept returns</h3>
<p>Returns and exchanges are available for deliveries within India only, which is where we ship.</p>

<p>Questions? Write to us at <a href="mailto:care@jaipurformals.in">care@jaipurformals.in</a>. Jaipur Formals, Jaipur, Rajasthan, India.</p>`
)
