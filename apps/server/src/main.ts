import { startServer } from './index';

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

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void server.close().then(() => process.exit(0));
  });
}
