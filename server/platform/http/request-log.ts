// One log line per request, written when it is answered: method, path, caller's address, status
// and time together. Fastify's default writes two (one on arrival, one when answered); at `info`,
// as production logs, every request pays for its lines, and in issue 46's profiles of a lookup
// the logging cost as much as the routing. A request that never ends leaves no line here: the
// node's own time-outs and the database's errors are logged where they happen.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AnsweredRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
