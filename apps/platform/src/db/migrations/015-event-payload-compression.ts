/**
 * An event's payload is compressed as it is stored (a cart event holds the whole cart, about 5 kB, and
 * one is recorded with every cart change): with lz4 where the server has it, several times cheaper than
 * the default pglz, which was a tenth of the server's work on the add-to-cart benchmark. PGlite has no
 * lz4 and keeps pglz. Only new values are stored the new way.
 */
export const sql = /* sql */ `
do $$
begin
  if exists (select 1 from pg_settings
             where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
    alter table events alter column payload set compression lz4;
  end if;
end
$$;
`
