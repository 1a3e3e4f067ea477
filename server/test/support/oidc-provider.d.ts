/** The part of `oidc-provider` the tests use (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        claims?: Record<string, string[]>;
        conformIdTokenClaims?: boolean;
        cookies?: { keys: string[] };
        features?: Record<string, { enabled: boolean }>;
        findAccount(ctx: unknown, sub: string): Promise<Account | undefined>;
        [key: string]: unknown;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
