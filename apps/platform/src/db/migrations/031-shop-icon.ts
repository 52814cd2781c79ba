/**
 * The shop's icon (issue 34, decision 068): a picture of the site's media, shown as the favicon of its
 * storefront and of the platform's pages for it; null for the default icon. Deleting the picture's file
 * gives the default back.
 */
export const sql = /* sql */ `
alter table sites add column icon_media_id uuid references media_files (id) on delete set null;
`
