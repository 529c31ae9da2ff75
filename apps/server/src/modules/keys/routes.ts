import { envelope, PublicKeyData } from '@oj/shared';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { KeysService } from './service';

/** What the route uses. */
export interface KeysRouteDeps {
  keys: Pick<KeysService, 'publicKeyPem'>;
}

/** `/api/getPublicKey`, any method (SPEC §7): the PEM (SPKI) public key for password encryption. */
export const keysModule: AppModule<KeysRouteDeps> = {
  name: 'keys',
  async routes(app, { keys }) {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/getPublicKey',
      schema: {
        tags: ['keys'],
        summary: '获取密码加密公钥 (RSA-OAEP SHA-256, PEM)',
        response: { 200: envelope(PublicKeyData) },
      },
      handler: async () => ok(keys.publicKeyPem),
    });
  },
};
