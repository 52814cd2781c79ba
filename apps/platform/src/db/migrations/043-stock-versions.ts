/**
 * A sale changes stock counts, not the catalogue (decision 108). Migration 005 bumped the site's
 * `catalogue_version` on every change to a product or a variant, and the read caches key on it, so every
 * sale of a tracked product emptied every process's cache of catalogue answers. An update of `products` or
 * `product_variants` whose rows change in `quantity` only (in stock before and after alike, nothing else
 * different) now bumps `sites.stock_version` instead, and records which products it changed in
 * `sites.stock_changes`: a JSON array of `{ "v": stock version, "p": product id }`, the last
 * `STOCK_CHANGES_KEPT` versions' worth, so a process can drop only the answers that show those products.
 * Any other update (a price, a name, an in-stock flip, which changes what a filtered list holds), every
 * insert and every delete bump `catalogue_version` as before. Written to be re-run.
 */
export const STOCK_CHANGES_KEPT = 64

export const sql = /* sql */ `
alter table sites add column if not exists stock_version bigint not null default 0;
alter table sites add column if not exists stock_changes jsonb not null default '[]';

create or replace function bump_catalogue_or_stock_version() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from old_rows o full join new_rows n on n.id = o.id
     where o.id is null or n.id is null
        or to_jsonb(o) - 'quantity' is distinct from to_jsonb(n) - 'quantity'
  ) then
    update sites set catalogue_version = catalogue_version + 1 where id in (select distinct site_id from new_rows);
    return null;
  end if;
  with changed as (
    select distinct n.site_id, coalesce(to_jsonb(n)->>'product_id', n.id::text) as product_id
      from old_rows o join new_rows n on n.id = o.id
     where o.quantity is distinct from n.quantity
  )
  update sites s
     set stock_version = s.stock_version + 1,
         stock_changes = coalesce(
           (select jsonb_agg(e) from jsonb_array_elements(s.stock_changes) e
             where (e->>'v')::bigint > s.stock_version + 1 - ${STOCK_CHANGES_KEPT}), '[]'::jsonb)
           || (select jsonb_agg(jsonb_build_object('v', s.stock_version + 1, 'p', c.product_id))
                 from changed c where c.site_id = s.id)
   where s.id in (select site_id from changed);
  return null;
end
$$;

drop trigger if exists products_bump_update on products;
create trigger products_bump_update after update on products referencing old table as old_rows new table as new_rows
  for each statement execute function bump_catalogue_or_stock_version();
drop trigger if exists product_variants_bump_update on product_variants;
create trigger product_variants_bump_update after update on product_variants referencing old table as old_rows new table as new_rows
  for each statement execute function bump_catalogue_or_stock_version();
`
