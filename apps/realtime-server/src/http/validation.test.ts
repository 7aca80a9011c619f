import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpStatus } from './error-status';
import { parseId } from './validation';

describe('parseId', () => {
  it('passes a UUID through', () => {
    const id = randomUUID();
    expect(parseId(id)).toBe(id);
  });

  it("refuses anything else as 'Invalid ID supplied', or with the code the route names", () => {
    expect(() => parseId('42')).toThrow(expect.objectContaining({ code: 'INVALID_ID' }));
    expect(() => parseId('42', 'QUEUED_COMMAND_NOT_FOUND')).toThrow(
      expect.objectContaining({ code: 'QUEUED_COMMAND_NOT_FOUND' }),
    );
    expect(httpStatus('QUEUED_COMMAND_NOT_FOUND')).toBe(404);
  });
});
