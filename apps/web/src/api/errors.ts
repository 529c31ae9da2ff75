/** SPEC §8: fixed texts for HTTP failures (Chinese first, the standard phrase after for support staff). */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数错误（400 Bad Request）',
  401: '未授权，请先登录（401 Unauthorized）',
  403: '没有权限访问（403 Forbidden）',
  404: '请求的资源不存在（404 Not Found）',
  500: '服务器内部错误（500 Internal Server Error）',
  502: '网关错误（502 Bad Gateway）',
  503: '服务暂时不可用（503 Service Unavailable）',
};

/** A failed call: `code` is the application code of the envelope (or the HTTP status when there was none). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function httpErrorMessage(status: number, statusText: string, body: string): string {
  return (
    HTTP_STATUS_MESSAGES[status] ?? `请求失败：${status} ${statusText}${body ? ` ${body.slice(0, 200)}` : ''}`
  );
}
