// The per-route flag the gateway's sign-in guard reads: a route registered with `config: PUBLIC_ROUTE`
// answers without a session while a password is set. The guard reads it from the route that matched,
// never from the URL's text.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answers without the gateway session (sign-in routes, build info, devices' own posts) */
    public?: boolean;
  }
}

export const PUBLIC_ROUTE = { public: true } as const;
