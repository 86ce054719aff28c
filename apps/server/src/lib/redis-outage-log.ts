/**
 * One line when Redis goes away (warn) and one when it is back (info), however many reconnects and
 * failed calls there are in between (those go out at debug only): an outage must not flood the log.
 */
export interface RedisOutageLog {
  down(error?: unknown): void;
  up(): void;
}

export interface RedisOutageMessages {
  down: string;
  stillDown: string;
  up: string;
}

interface OutageLogger {
  warn(obj: unknown, msg: string): void;
  info(msg: string): void;
  debug(obj: unknown, msg: string): void;
}

export function redisOutageLog(log: OutageLogger, messages: RedisOutageMessages): RedisOutageLog {
  let isDown = false;
  return {
    down(error) {
      if (isDown) {
        if (error) log.debug({ err: error }, messages.stillDown);
        return;
      }
      isDown = true;
      log.warn({ err: error }, messages.down);
    },
    up() {
      if (!isDown) return;
      isDown = false;
      log.info(messages.up);
    },
  };
}
