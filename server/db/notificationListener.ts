import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS } from './deadlines';

export interface NotificationListenerOptions {
  connectionString: string;
  /** The PostgreSQL channel listened on (`LISTEN channel`): a plain identifier. */
  channel: string;
  /** What the log lines call this listener ("content-change listener"). */
  name: string;
  /** A notification on the channel, with its payload ('' and none: null). */
  onNotification: (payload: string | null) => void;
  /** Connected again after the connection was lost: whatever was announced meanwhile is unknown. */
  onReconnect: () => void;
  log?: (line: string) => void;
  /** Waits between reconnection attempts, in ms (the last one repeats). */
  backoffMs?: readonly number[];
}

/**
 * Listens on a PostgreSQL channel on a connection of its own (not one of the pool) until `stop`, and
 * reconnects for as long as it runs. Servers tell each other of changes this way (NOTIFY after the
 * change committed: server/store/contentChanges.ts, server/store/featureFlagOverrides.ts).
 */
export function listenForNotifications(options: NotificationListenerOptions): { stop: () => Promise<void>; connected: () => boolean } {
  const log = options.log ?? ((line: string) => console.error(line));
  const backoff = options.backoffMs ?? [250, 500, 1_000, 2_000, 5_000];
  let client: pg.Client | null = null;
  let stopped = false;
  let isConnected = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let hadConnection = false;

  const schedule = () => {
    if (stopped || timer) return;
    const wait = backoff[Math.min(attempt++, backoff.length - 1)];
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS, keepAlive: true, application_name: 'lernwerk-listener' });
    client = next;
    let lost = false;
    const onLost = (why: string) => {
      if (lost || stopped) return;
      lost = true;
      if (isConnected) log(`Lost the ${options.name}'s connection (${why}); reconnecting`);
      isConnected = false;
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload || null);
    });
    next.on('error', (error) => onLost(error.message));
    next.on('end', () => onLost('connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      onLost((error as Error).message);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    isConnected = true;
    attempt = 0;
    if (hadConnection) {
      log(`The ${options.name} is connected again`);
      options.onReconnect();
    }
    hadConnection = true;
  };

  void connect();
  return {
    connected: () => isConnected,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      isConnected = false;
      await client?.end().catch(() => undefined);
    },
  };
}
