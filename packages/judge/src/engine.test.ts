import { describe, expect, it } from 'vitest';
import { judge } from './engine';
import { describeCheck, type SandboxApi } from './sandbox';
import { LocalFilesStore } from './testdata';

describe('engine on a host that cannot sandbox', () => {
  it('refuses to run anything and answers IE with the sandbox reason', async () => {
    let ran = 0;
    const refusing: SandboxApi = {
      check: async () => ({ ok: false, message: '本机没有可用的 cgroup' }),
      run: async () => {
        ran++;
        throw new Error('must not be called');
      },
    };
    const result = await judge(
      {
        submissionId: 's1',
        language: 'C++',
        source: 'int main(){}',
        limits: { timeMs: 1000, memoryMiB: 256 },
        tests: [],
      },
      { testData: new LocalFilesStore(), sandbox: refusing },
    );
    expect(result).toMatchObject({ submissionId: 's1', status: 'IE', tests: [] });
    expect(result.message).toBe('本机无法安全运行提交的代码：本机没有可用的 cgroup');
    expect(ran).toBe(0);
  });

  it('answers a language this machine lacks with the command that installs it, running nothing', async () => {
    let ran = 0;
    const ready: SandboxApi = {
      check: async () => ({ ok: true, message: '' }),
      run: async () => {
        ran++;
        throw new Error('must not be called');
      },
    };
    const result = await judge(
      {
        submissionId: 's2',
        language: 'Haskell',
        source: 'main = pure ()',
        limits: { timeMs: 1000, memoryMiB: 256 },
        tests: [],
      },
      { testData: new LocalFilesStore(), sandbox: ready, installed: (l) => l !== 'Haskell' },
    );
    expect(result).toMatchObject({ submissionId: 's2', status: 'IE', tests: [] });
    expect(result.message).toBe(
      '本评测机未安装 Haskell：请管理员在评测机上运行「apt-get install -y --no-install-recommends ghc」后重新评测',
    );
    expect(ran).toBe(0);
  });

  it("carries the sandbox's reason", () => {
    expect(describeCheck({ ok: true })).toEqual({ ok: true, message: '' });
    expect(describeCheck({ ok: false, reason: 'no root' })).toEqual({ ok: false, message: 'no root' });
  });
});

describe('engine input validation', () => {
  it('rejects a malformed job before doing anything', async () => {
    await expect(
      judge(
        { submissionId: '', language: 'C++', source: '', limits: { timeMs: 0, memoryMiB: 256 }, tests: [] },
        { testData: new LocalFilesStore() },
      ),
    ).rejects.toThrow(/submissionId 不能为空|timeMs/);
  });
});
