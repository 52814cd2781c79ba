import { STOCK_CHANGES_KEPT } from './043-stock-versions.ts'

/**
 * A product selling out (or coming back) is a stock change, not a catalogue change (decision 111). Migration
 * 043 counted an in-stock flip as a catalogue change, since it changes what a list filtered on being in stock
 * holds: so one product selling out emptied every process's cache of catalogue answers (every product's
 * page, every search), and the next visitors of every page waited on its query again. An update of
 * `products` or `product_variants` whose rows change in `quantity` and `in_stock` only now bumps
 * `sites.stock_version` and records the products in `sites.stock_changes` as before; a product that went in
 * or out of stock carries `f`, the ids of the collections it is in, so that a cached list filtered on being
 * in stock is made again only when the product could join or leave it. Any other update, every insert and
 * every delete still bump `catalogue_version`. Written to be re-run.
 */
export const sql = /* sql */ `
create or replace function bump_catalogue_or_stock_version() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from old_rows o full join new_rows n on n.id = o.id
     where o.id is null or n.id is null
        or to_jsonb(o) - 'quantity' - 'in_stock' is distinct from to_jsonb(n) - 'quantity' - 'in_stock'
  ) then
    update sites set catalogue_version = catalogue_version + 1 where id in (select distinct site_id from new_rows);
    return null;
  end if;
  with changed as (
    select n.site_id, coalesce(to_jsonb(n)->>'product_id', n.id::text) as product_id,
           bool_or(o.in_stock is distinct from n.in_stock) as is_flipped
      from old_rows o join new_rows n on n.id = o.id
     where o.quantity is distinct from n.quantity or o.in_stock is distinct from n.in_stock
     group by 1, 2
  ),
  entries as (
    select c.site_id, c.product_id,
           case when c.is_flipped then coalesce(
             (select jsonb_agg(pc.collection_id order by pc.collection_id) from product_collections pc
               where pc.product_id = c.product_id::uuid), '[]'::jsonb) end as collections
      from changed c
  )
  update sites s
     set stock_version = s.stock_version + 1,
         stock_changes = coalesce(
           (select jsonb_agg(e) from jsonb_array_elements(s.stock_changes) e
             where (e->>'v')::bigint > s.stock_version + 1 - ${STOCK_CHANGES_KEPT}), '[]'::jsonb)
           || (select jsonb_agg(jsonb_strip_nulls(
                        jsonb_build_object('v', s.stock_version + 1, 'p', e.product_id, 'f', e.collections)))
                 from entries e where e.site_id = s.id)
   where s.id in (select site_id from changed);
  return null;
end
$$;
`
