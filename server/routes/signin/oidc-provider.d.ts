/** oidc-provider (tests only) ships no types; the tests use its documented API untyped. */
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
