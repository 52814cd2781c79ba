/**
 * A version per site that every change to its catalogue bumps, whoever makes it (an API write, the
 * dashboard, a bulk change, an order taking stock, a statement typed by hand). Catalogue reads are
 * cached under it, and it is read with the caller's credential, so a cache is never stale across
 * processes. Statement-level triggers bump once per statement, not once per row.
 */
const tables = ['products', 'product_variants', 'collections', 'product_collections']

export const sql = /* sql */ `
alter table sites add column catalogue_version bigint not null default 0;

create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update sites set catalogue_version = catalogue_version + 1 where id in (select distinct site_id from old_rows);
  else
    update sites set catalogue_version = catalogue_version + 1 where id in (select distinct site_id from new_rows);
  end if;
  return null;
end
$$;

${tables
  .flatMap((table) => [
    `create trigger ${table}_bump_insert after insert on ${table} referencing new table as new_rows for each statement execute function bump_catalogue_version();`,
    `create trigger ${table}_bump_update after update on ${table} referencing new table as new_rows for each statement execute function bump_catalogue_version();`,
    `create trigger ${table}_bump_delete after delete on ${table} referencing old table as old_rows for each statement execute function bump_catalogue_version();`,
  ])
  .join('\n')}
`
