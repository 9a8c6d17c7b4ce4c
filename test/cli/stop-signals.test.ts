/** The stop rule of `gtlab run` and `gtlab sweep`: which status a signal gives and the exit code. */
import { describe, expect, test } from 'vitest';
import { constants } from 'node:os';
import { stopOf } from '../../cli/stop-signals.ts';

describe('stopOf', () => {
  test('a person stops (INT, HUP, TERM outside Slurm): cancelled; the scheduler (USR1, TERM in a Slurm job): interrupted', () => {
    expect(stopOf('SIGINT', {})).toEqual({ signal: 'SIGINT', status: 'cancelled', exitCode: 130 });
    expect(stopOf('SIGHUP', {})).toEqual({ signal: 'SIGHUP', status: 'cancelled', exitCode: 129 });
    expect(stopOf('SIGTERM', {})).toEqual({ signal: 'SIGTERM', status: 'cancelled', exitCode: 143 });
    expect(stopOf('SIGTERM', { SLURM_JOB_ID: '17' })).toEqual({
      signal: 'SIGTERM',
      status: 'interrupted',
      exitCode: 143,
    });
    expect(stopOf('SIGINT', { SLURM_JOB_ID: '17' }).status).toBe('cancelled');
    expect(stopOf('SIGUSR1', {})).toEqual({
      signal: 'SIGUSR1',
      status: 'interrupted',
      exitCode: 128 + constants.signals.SIGUSR1,
    });
  });
});
