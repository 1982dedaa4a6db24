-- Listing filters and sorts (issue 20). "Best selling" sorts by units sold, kept per size beside
-- its stock: package catalog adds an order's units in the same UPDATE that takes them from stock
-- and takes them off again when the stock comes back (a cancelled order, a return), so counting
-- them costs no row lock an order did not already hold. Filled here from the orders placed so
-- far that were not cancelled or sent back. Colour and fit are the products' own columns; the filter index
-- is read whole (one scan of the visible products with their sizes) by the server, which
-- filters, counts and sorts it in memory at the prices package pricing gives.

-- +goose Up
ALTER TABLE product_sizes ADD COLUMN sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0);
UPDATE product_sizes ps
SET sold = placed.units
FROM (SELECT l.product_id, l.size, sum(l.quantity)::integer AS units
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.order_status NOT IN ('CANCELED', 'RETURNED', 'RTO_DELIVERED')
      GROUP BY l.product_id, l.size) placed
WHERE ps.product_id = placed.product_id AND ps.size = placed.size;

-- +goose Down
ALTER TABLE product_sizes DROP COLUMN sold;
