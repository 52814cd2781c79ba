/**
 * A product listing reads its index only (decision 104): the three orders a shop's listing pages take (newest,
 * price, name) each had an index on the site and the order, but every listing also tests `visible` (a shopper
 * sees visible products only) and, on the storefront's pages, `in_stock`, and counts every match: so the
 * planner read the whole 843 pages of the 10k catalogue's rows (or fetched each match's row from the index)
 * to test two booleans. Each index now carries the product's id, `visible` and `in_stock`, so a listing's
 * matches, their order and their count come from the index alone (an index-only scan), and only the page's
 * rows are read. The indexes keep their names; written to be re-run.
 */
export const sql = /* sql */ `
drop index if exists products_site_newest_listed;
create index products_site_newest_listed on products (site_id, created_date desc, id desc) include (visible, in_stock);
drop index if exists products_site_newest;
alter index products_site_newest_listed rename to products_site_newest;

drop index if exists products_site_price_listed;
create index products_site_price_listed on products (site_id, discounted_price_minor) include (id, visible, in_stock);
drop index if exists products_site_price;
alter index products_site_price_listed rename to products_site_price;

drop index if exists products_site_name_listed;
create index products_site_name_listed on products (site_id, name) include (id, visible, in_stock);
drop index if exists products_site_name;
alter index products_site_name_listed rename to products_site_name;
`
