/**
 * The shop's logo and time zone (issue 33 items 4 and 6, decision 087): the logo is a picture of the site's
 * media that heads its hosted pages (null for the shop's name alone; deleting the file takes it away), the
 * time zone an IANA name the dashboard shows every time in (checked by `updateShopDetails`).
 */
export const sql = /* sql */ `
alter table sites add column logo_media_id uuid references media_files (id) on delete set null;
alter table sites add column time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64);
`
