/**
 * Unit prices and display currencies (issue 19): a product may say how much it holds and per how much
 * its unit price is shown (`pricePerUnitData`, null when it has none); a site keeps the currencies its
 * shoppers may see prices in, each with the rate the merchant set (one store-currency unit in it).
 * A change of them bumps the catalogue version, as a product change does: converted prices are cached
 * catalogue reads.
 */
export const sql = /* sql */ `
alter table products add column price_per_unit jsonb;

create table site_display_currencies (
  site_id uuid not null references sites (id) on delete cascade,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- How much one unit of the store's currency is in this one, as the merchant typed it.
  rate numeric(20, 10) not null check (rate > 0),
  position integer not null default 0,
  primary key (site_id, currency)
);
create trigger site_display_currencies_bump_insert after insert on site_display_currencies referencing new table as new_rows for each statement execute function bump_catalogue_version();
create trigger site_display_currencies_bump_update after update on site_display_currencies referencing new table as new_rows for each statement execute function bump_catalogue_version();
create trigger site_display_currencies_bump_delete after delete on site_display_currencies referencing old table as old_rows for each statement execute function bump_catalogue_version();
`
