import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', WORKER: 'inline' });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['WORKER', 'sometimes'],
    ['DATABASE_URL', 'not a url'],
    ['ADMIN_PASSWORD', 'short'],
    ['LLM_URL', 'not a url'],
    ['LLM_CONCURRENCY', '0'],
    ['TRANSLATION_ENGINE', 'deepl'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('takes the LLM endpoint and model together, and says which half is missing', () => {
    const config = loadConfig({ LLM_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b' });
    expect(config).toMatchObject({ LLM_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b' });
    expect(config.deprecations).toEqual([]);
    expect(() => loadConfig({ LLM_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /^Invalid configuration: LLM_MODEL="" must name the model/,
    );
    expect(() => loadConfig({ LLM_MODEL: 'qwen2.5:7b' })).toThrow(/^Invalid configuration: LLM_URL=""/);
  });

  it('still reads the condenser variables, with a deprecation line for each', () => {
    const config = loadConfig({
      CONDENSER_URL: 'http://127.0.0.1:8080/v1',
      CONDENSER_MODEL: 'small',
      CONDENSER_API_KEY: 'secret',
    });
    expect(config).toMatchObject({
      LLM_URL: 'http://127.0.0.1:8080/v1',
      LLM_MODEL: 'small',
      LLM_API_KEY: 'secret',
    });
    expect(config.deprecations).toEqual([
      'CONDENSER_URL is deprecated: rename it LLM_URL',
      'CONDENSER_MODEL is deprecated: rename it LLM_MODEL',
      'CONDENSER_API_KEY is deprecated: rename it LLM_API_KEY',
    ]);
    const both = loadConfig({
      CONDENSER_MODEL: 'old',
      LLM_URL: 'http://127.0.0.1:8080/v1',
      LLM_MODEL: 'new',
    });
    expect(both.LLM_MODEL).toBe('new');
    expect(both.deprecations).toEqual(['CONDENSER_MODEL is deprecated and ignored: LLM_MODEL is set']);
  });

  it('refuses a translation engine that is not configured', () => {
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'llm' })).toThrow(/TRANSLATION_ENGINE="llm" needs LLM_URL/);
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'google' })).toThrow(/needs GOOGLE_TRANSLATE_API_KEY/);
  });
});
