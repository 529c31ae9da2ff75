import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from './index';
import { settleHeapAfterStart } from './lib/settle-heap';
import { shutDown } from './lib/shutdown';

/** `npm start`: reads the environment, migrates, seeds on first start, listens. */
const server = await startServer();
const lines = [
  `在线评测已启动: ${server.url}  (管理中心: ${server.url}/admin/ ，API 文档: ${server.url}/api/docs)`,
];
if (server.adminLogin) {
  lines.push(
    server.adminLogin.generated
      ? `已创建超级管理员 账号: ${server.adminLogin.account}  密码: ${server.adminLogin.password}  （只显示这一次，请妥善保存）`
      : `已创建超级管理员 账号: ${server.adminLogin.account}（密码为 OJ_ADMIN_PASSWORD）`,
  );
}
console.log(lines.join('\n'));
settleHeapAfterStart();

/**
 * SIGTERM / SIGINT: readiness fails and streams end with a reconnect hint, the proxy gets
 * OJ_SHUTDOWN_DRAIN_MS (default 5000) to stop sending requests here, then the server closes
 * (judging finishes or is handed back, lib/shutdown.ts). A second signal (a second later) exits at once.
 */
const drainMs = Math.max(0, Number(process.env.OJ_SHUTDOWN_DRAIN_MS ?? 5000) || 0);
/**
 * One signal often arrives twice at once: Ctrl-C reaches the whole process group and `npm start`
 * (or npm itself) forwards it to the server too; systemd signals every process of the unit. A
 * second signal within this time is the same one and must not cut the shutdown short (the periodic
 * work's lease would stay held, running judgements would not be handed back).
 */
const SAME_SIGNAL_MS = 1000;
let closingSince = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closingSince) {
      if (Date.now() - closingSince > SAME_SIGNAL_MS) process.exit(1);
      return;
    }
    closingSince = Date.now();
    void shutDown(server, { drained: () => sleep(drainMs) }).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('关闭服务时出错', err);
        process.exit(1);
      },
    );
  });
}
