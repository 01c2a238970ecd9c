import type { SQL } from 'drizzle-orm';

/**
 * A read a route makes on every request, whoever asks, made inside the session's own statement so
 * the request takes one round trip where it took two (docs/decisions/0103): the product page's row
 * version. `column` is a scalar subquery answering text or null, reading its input as
 * `sql.placeholder('side')`. `input` takes that input from the route's params, and answers null
 * when they are not valid: the route then reads for itself and answers them as it always does, and
 * no bad input reaches the session's statement. `name` names the statement that carries it.
 */
export type SessionSideRead = {
  name: string;
  column: SQL;
  input: (params: unknown) => string | number | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    sessionSideRead?: SessionSideRead;
  }
}
