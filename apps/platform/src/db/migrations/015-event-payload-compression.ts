/**
 * An event's payload is stored as `json` text, compressed with lz4 where the server has it, and kept in
 * the event's row up to 4 kB compressed. A cart event holds the whole cart (about 5 kB, 2 kB compressed)
 * and one is recorded with every cart change: building `jsonb` from it, compressing it with the default
 * pglz and moving it to the TOAST table (past the default target of 2 kB per row) were about a sixth of
 * the server's work on the add-to-cart benchmark. Nothing queries inside a payload; it is only sent on,
 * now with its keys in the order they were written. PGlite has no lz4 and keeps pglz.
 */
export const sql = /* sql */ `
alter table events alter column payload type json using payload::json;

alter table events set (toast_tuple_target = 4096);

do $$
begin
  if exists (select 1 from pg_settings
             where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
    alter table events alter column payload set compression lz4;
  end if;
end
$$;
`
