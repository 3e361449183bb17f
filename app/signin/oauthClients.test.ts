/** The 客户端登录 card's rules without a browser: the sign-in link, the posted body, the secret rule (decisions 200, 201). */
import { describe, expect, it } from 'vitest';
import { OAUTH_CLIENT_FIELDS, clientSigninLink, oauthClientBody, oauthClientValues, secretWouldBeDropped, type OAuthClient } from './oauthClients';

const stored: OAuthClient = {
  clientId: 'xproject-portal',
  name: '科研项目平台',
  applicationId: 3,
  oauthUri: { issuer: 'https://idp.example.edu.cn', clientId: 'atrium', scope: null, hasClientSecret: true },
};

describe('OAuth clients card', () => {
  it('builds the sign-in link on the site origin', () => {
    expect(clientSigninLink('http://localhost:3000', 'xproject-portal')).toBe('http://localhost:3000/?oauth=xproject&client_id=xproject-portal');
    expect(clientSigninLink('https://portal.example.cn/', 'a_b-1')).toBe('https://portal.example.cn/?oauth=xproject&client_id=a_b-1');
  });

  it('posts trimmed values, leaving out an empty secret and scope', () => {
    expect(
      oauthClientBody({
        clientId: ' lib ',
        name: ' 图书馆 ',
        issuer: ' https://idp.example.edu.cn/ ',
        providerClientId: ' atrium ',
        clientSecret: '',
        scope: '  ',
      }),
    ).toEqual({ clientId: 'lib', name: '图书馆', oauthUri: { issuer: 'https://idp.example.edu.cn', clientId: 'atrium' } });
    expect(
      oauthClientBody({ clientId: 'lib', name: '图书馆', issuer: 'https://idp', providerClientId: 'a', clientSecret: ' s3cret ', scope: 'email profile' })
        .oauthUri,
    ).toEqual({ issuer: 'https://idp', clientId: 'a', clientSecret: ' s3cret ', scope: 'email profile' });
  });

  it('opens a stored client with an empty secret field, a new one with blanks', () => {
    expect(oauthClientValues(stored)).toEqual({
      clientId: 'xproject-portal',
      name: '科研项目平台',
      issuer: 'https://idp.example.edu.cn',
      providerClientId: 'atrium',
      clientSecret: '',
      scope: '',
    });
    expect(oauthClientValues()).toEqual({ clientId: '', name: '', issuer: '', providerClientId: '', clientSecret: '', scope: '' });
  });

  it('warns only when an empty secret field would drop the stored secret', () => {
    const same = oauthClientValues(stored);
    expect(secretWouldBeDropped(stored, same)).toBe(false);
    expect(secretWouldBeDropped(stored, { ...same, issuer: 'https://idp.example.edu.cn/' })).toBe(false);
    expect(secretWouldBeDropped(stored, { ...same, issuer: 'https://other.example.cn' })).toBe(true);
    expect(secretWouldBeDropped(stored, { ...same, providerClientId: 'another' })).toBe(true);
    expect(secretWouldBeDropped(stored, { ...same, providerClientId: 'another', clientSecret: 'new' })).toBe(false);
    expect(secretWouldBeDropped({ ...stored, oauthUri: { ...stored.oauthUri!, hasClientSecret: false } }, { ...same, providerClientId: 'x' })).toBe(false);
    expect(secretWouldBeDropped(undefined, same)).toBe(false);
  });

  it('puts every field the server names on a dialog field', () => {
    expect(OAUTH_CLIENT_FIELDS['oauthUri.clientId']).toBe('providerClientId');
    expect(OAUTH_CLIENT_FIELDS.oauthUri).toBe('issuer');
    expect(new Set(Object.values(OAUTH_CLIENT_FIELDS))).toEqual(new Set(['clientId', 'name', 'issuer', 'providerClientId', 'clientSecret', 'scope']));
  });
});
