/**
 * An order line keeps what was sold as the cart showed it when the order was placed (issue 35, decision
 * 058): the chosen options as the cart's `descriptionLines` (wire shape, colours with their code), the SKU,
 * the variant's picture (`{ id?, url, altText, width?, height? }`), the weight and whether it ships. Lines
 * of orders placed before this migration keep `null` in each: nothing was recorded then, and nothing is
 * re-read from a catalogue that may have changed since.
 */
export const sql = /* sql */ `
alter table order_lines add column description_lines jsonb;
alter table order_lines add column sku text;
alter table order_lines add column image jsonb;
alter table order_lines add column weight double precision;
alter table order_lines add column shippable boolean;
`
