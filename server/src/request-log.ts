/**
 * Fastify's own line per request ('incoming request', 'request completed') at debug, not info: `npm start` at the
 * default LOG_LEVEL prints what matters, LOG_LEVEL=debug prints every request as before. Failed requests stay errors.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
