/** The access helpers that read a raw request (server/policies/access.ts; decisions 348, 355). */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages.js';
import { describeAccess, namedUserId, namesOtherUser, namesUser, publicUnless, rawFields, selfAccess, superAccessRefusing } from './access.js';

const req = (query: unknown, userId?: number) => ({ query, user: userId ? { id: userId } : null }) as unknown as FastifyRequest;
const userIdOf = (r: FastifyRequest) => rawFields(r.query).userId;

describe('the raw request helpers', () => {
  it('read a well-formed user id as the routes coerce it, and leave a malformed one to validation', () => {
    expect([7, '7', ' 7', true].map(namedUserId)).toEqual([7, 7, 7, 1]);
    expect([undefined, null, '', 0, '0', -3, 'abc', '1.5', {}].map(namedUserId)).toEqual(Array(9).fill(undefined));
    expect(rawFields(undefined)).toEqual({});
    expect(rawFields('text')).toEqual({});
  });

  it('tell whether a request names a user, or another user than the caller', () => {
    expect(namesUser(userIdOf)(req({ userId: '5' }))).toBe(true);
    expect(namesUser(userIdOf)(req({ userId: 'x' }))).toBe(false);
    expect(namesOtherUser(userIdOf)(req({ userId: '5' }, 5))).toBe(false);
    expect(namesOtherUser(userIdOf)(req({ userId: '6' }, 5))).toBe(true);
    expect(namesOtherUser(userIdOf)(req({ userId: '6' }))).toBe(true);
    expect(namesOtherUser(userIdOf)(req({ userId: 'x' }, 5))).toBe(false);
    expect(namesOtherUser(userIdOf)(req({}, 5))).toBe(false);
  });

  it('describe a public route with a stricter access, and the caller-only access', () => {
    const self = selfAccess(userIdOf, 'userId');
    expect(describeAccess(self)).toBe('已登录用户本人（userId 须为自己的用户 ID）');
    expect(describeAccess(publicUnless({ when: namesUser(userIdOf), access: self, whenText: MSG.accessWhenUserId }))).toBe(
      '任何人（访客也可）；指定 user_id 时须为已登录用户本人（userId 须为自己的用户 ID）',
    );
    expect(describeAccess(superAccessRefusing(MSG.suggestOtherUser))).toBe(MSG.accessSuper);
  });
});
