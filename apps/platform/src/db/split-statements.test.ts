import { describe, expect, it } from 'vitest'
import { splitStatements } from './migrate.ts'

describe('splitStatements', () => {
  it('splits at line-ending semicolons but keeps function bodies whole, and drops comment lines', () => {
    const sql = `-- a comment; with a semicolon;
create table a (x int);
create function f() returns trigger language plpgsql as $$
begin
  update a set x = 1;
  return null;
end
$$;
create index a_x on a (x);`
    expect(splitStatements(sql)).toEqual([
      'create table a (x int)',
      'create function f() returns trigger language plpgsql as $$\nbegin\n  update a set x = 1;\n  return null;\nend\n$$',
      'create index a_x on a (x)',
    ])
  })
})
