import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { dbUnavailableCause, describeError } from '@/server/http/failure';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('unexpected errors in the log (issue 14)', () => {
  it('never carries a query’s parameters, even through Drizzle’s wrapper', () => {
    const hash = 'a'.repeat(64);
    const err = new DrizzleQueryError(
      'select "user_id" from "sessions" where "token_hash" = $1',
      [hash],
      pgError('relation "sessions" does not exist', '42P01'),
    );
    const text = describeError(err, { withStack: true });
    expect(text).not.toContain(hash);
    expect(text).not.toContain('params:');
    expect(text.split('\n')[0]).toContain('select "user_id" from "sessions"');
    expect(text).toContain('[42P01]: relation "sessions" does not exist');
    expect(text).toMatch(/\n\s+at /); // the frames stay for a real bug
    expect(describeError(err)).not.toContain('\n');
  });

  it('tells the database being away from a bad query', () => {
    const wrap = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
    expect(dbUnavailableCause(wrap(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe('ECONNREFUSED');
    expect(dbUnavailableCause(wrap(new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])))).toBe('ECONNREFUSED');
    expect(dbUnavailableCause(wrap(pgError('terminating connection due to administrator command', '57P01')))).toBe('57P01');
    expect(dbUnavailableCause(wrap(pgError('the database system is starting up', '57P03')))).toBe('57P03');
    expect(dbUnavailableCause(wrap(pgError('connection failure', '08006')))).toBe('08006');
    expect(dbUnavailableCause(wrap(new Error('Connection terminated unexpectedly')))).toBe('connection terminated');
    expect(dbUnavailableCause(wrap(pgError('duplicate key value violates unique constraint', '23505')))).toBeNull();
    expect(dbUnavailableCause(new Error('boom'))).toBeNull();
  });
});
