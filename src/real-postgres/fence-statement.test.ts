import { describe, expect, it } from 'vitest';
import { conditionOf, conditionUsesCert, conditionUsesToken, exerciseRefusal } from './fence-statement';
import { withoutLiterals } from './split-statements';

describe("the fence exercise's statement, read before anything runs", () => {
  it.each([
    'UPDATE certificates SET cert = $2 WHERE domain = $1',
    'update Certificates set cert = $2 where domain = $1',
    'UPDATE ONLY certificates SET cert = $2',
    'UPDATE "certificates" SET cert = $2',
    '-- a comment first\nUPDATE certificates SET cert = $2;',
    '/* lead */ INSERT INTO certificates (domain, cert, fence) VALUES ($1, $2, $3)',
    'INSERT INTO certificates(domain) VALUES ($1)',
  ])('takes %j', (statement) => expect(exerciseRefusal(statement)).toBeNull());

  it.each([
    ['', 'empty'],
    [' ; -- nothing\n;', 'empty'],
    ['UPDATE certificates SET cert = $2; SELECT 1', 'several'],
    ['WITH gone AS (DELETE FROM certificates) UPDATE certificates SET cert = $2', 'with'],
    ['with x as (select 1) insert into certificates select 1', 'with'],
    ['DELETE FROM certificates', 'notAWrite'],
    ['SELECT * FROM certificates', 'notAWrite'],
    ['UPDATE certificates_old SET cert = $2', 'notAWrite'],
    ['UPDATE "Certificates" SET cert = $2', 'notAWrite'],
    ['UPDATE other.certificates SET cert = $2', 'qualified'],
    ['UPDATE public.certificates SET cert = $2', 'qualified'],
    ['insert into "public" . certificates values ($1)', 'qualified'],
    ['INSERT INTO audit SELECT * FROM certificates', 'notAWrite'],
    ["UPDATE certificates SET cert = set_config('role', 'postgres', false)", 'identity'],
    ['MERGE INTO certificates USING x ON true WHEN MATCHED THEN DO NOTHING', 'notAWrite'],
  ])('refuses %j as %s', (statement, refusal) => expect(exerciseRefusal(statement)).toBe(refusal));

  it('reads keywords in code only: a WHERE, a $3 or a cert inside a string or a comment is not code', () => {
    expect(withoutLiterals("SELECT 'WHERE $3' -- WHERE cert\n, $$ cert $$, E'\\' cert'")).toBe("SELECT ''  , '', E''");
    expect(conditionOf("UPDATE certificates SET cert = 'WHERE fence <= $3' WHERE domain = $1")).toBe(' DOMAIN = $1');
    expect(conditionUsesToken("UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND cert <> '$3'")).toBe(
      false,
    );
  });

  it('takes the condition from the last WHERE before RETURNING', () => {
    expect(conditionOf('UPDATE certificates SET cert = $2 WHERE domain = $1 RETURNING (SELECT 1 WHERE $3 > 0)')).toBe(
      ' DOMAIN = $1 ',
    );
  });

  it('finds the token in the condition, as $3 or as the upsert’s EXCLUDED.fence, and not $30 or the SET', () => {
    expect(conditionUsesToken('UPDATE certificates SET cert = $2 WHERE domain = $1 AND fence <= $3')).toBe(true);
    expect(conditionUsesToken('UPDATE certificates SET fence = $3 WHERE domain = $1')).toBe(false);
    expect(conditionUsesToken('UPDATE certificates SET cert = $2 WHERE domain = $1 AND fence <= $30')).toBe(false);
    expect(
      conditionUsesToken(
        'INSERT INTO certificates VALUES ($1, $2, $3) ON CONFLICT (domain) DO UPDATE SET fence = EXCLUDED.fence WHERE certificates.fence <= excluded.fence',
      ),
    ).toBe(true);
  });

  it('finds a comparison of certificates in the condition, not a column named otherwise', () => {
    expect(conditionUsesCert('UPDATE certificates SET cert = $2 WHERE domain = $1 AND cert < $2')).toBe(true);
    expect(conditionUsesCert('UPDATE certificates SET cert = $2 WHERE domain = $1 AND fence <= $3')).toBe(false);
    expect(conditionUsesCert('UPDATE certificates SET cert = $2 WHERE certs = 1')).toBe(false);
  });
});
