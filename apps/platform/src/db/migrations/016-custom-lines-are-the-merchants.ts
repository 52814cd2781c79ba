/**
 * Custom line items are the merchant's (decision 019). Until now a shopper could add them at a price of
 * their choosing, and merchants could not add any (the current-cart calls refuse API keys), so every
 * custom line in a cart was priced by a shopper: they are removed, and their carts get a new row
 * version, so that a cart change read before cannot write over the removal (decision 018). Orders keep
 * their lines; an order line now keeps whether it was a custom line and who added it (`custom`): `{}`
 * for those placed before, which no merchant added. Written so that running it again changes nothing.
 */
export const sql = /* sql */ `
alter table order_lines add column if not exists custom jsonb;

update order_lines set custom = '{}' where catalog_item_id is null and custom is null;

with removed as (
  delete from cart_line_items where custom is not null and custom -> 'addedBy' is null returning cart_id
)
update carts set updated_date = now() where id in (select cart_id from removed);
`
