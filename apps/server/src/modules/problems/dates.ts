/** The site's users live in China: "today" and the practice calendar follow Asia/Shanghai (UTC+8, no DST). */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export function shanghaiDate(at: Date = new Date()): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}
