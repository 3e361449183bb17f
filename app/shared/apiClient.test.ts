/** The typed client's own work (decision 441): filling the path; the signed request is app/api.ts's, tested there. */
import { describe, expect, it } from 'vitest';
import { fillPath } from './apiClient';

describe('fillPath', () => {
  it('fills each {name} with its parameter, encoded as one segment', () => {
    expect(fillPath('/api/v1/applications/{id}/home-config/revisions/{revisionId}', { id: 7, revisionId: 12 })).toBe(
      '/api/v1/applications/7/home-config/revisions/12',
    );
    expect(fillPath('/api/v4/modules/top-{kind}', { kind: 'journal' })).toBe('/api/v4/modules/top-journal');
    expect(fillPath('/api/v1/applications/oauth/clients/{id}', { id: 'a/b c' })).toBe('/api/v1/applications/oauth/clients/a%2Fb%20c');
  });

  it('refuses a path whose parameter is missing rather than send …/undefined', () => {
    expect(() => fillPath('/api/v1/notices/{id}', {})).toThrow('needs the path parameter id');
  });
});
