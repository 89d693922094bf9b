import type { MapProvider } from './types.ts';

/** Chinese cities often written in pinyin/English; text naming one goes to Amap. */
export const KNOWN_CHINESE_CITIES: readonly string[] = Object.freeze([
  'beijing', 'peking', 'shanghai', 'guangzhou', 'canton', 'shenzhen', 'hangzhou', 'chengdu', 'chongqing', 'tianjin', 'wuhan',
  "xi'an", 'xian', 'nanjing', 'suzhou', 'changsha', 'zhengzhou', 'qingdao', 'dalian', 'xiamen', 'kunming', 'harbin',
  'shenyang', 'jinan', 'hefei', 'fuzhou', 'ningbo', 'wuxi', 'dongguan', 'foshan', 'guiyang', 'nanning', 'lanzhou',
  'taiyuan', 'shijiazhuang', 'nanchang', 'changchun', 'urumqi', 'lhasa', 'hohhot', 'haikou', 'sanya', 'guilin',
  'lijiang', 'zhuhai', 'yinchuan', 'xining', 'luoyang', 'datong', 'zhangjiajie', 'huangshan', 'dali',
]);

const AMAP_REGIONS = new Set(['cn', 'china', 'mainland', 'zh-cn', 'amap', 'gaode', '中国', '中国大陆']);
const CITY_PATTERN = new RegExp(`\\b(?:${KNOWN_CHINESE_CITIES.map((city) => city.replace("'", "'?")).join('|')})\\b`, 'i');
const HAN = /\p{Script=Han}/u;
/** Kana means Japanese text, whose kanji would otherwise look Chinese. */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Picks the map provider: `region` wins when given ("cn"/"china"/"amap" → Amap, anything else → Google);
 * otherwise Chinese text or a known Chinese city name → Amap, else Google.
 */
export function detectProvider(texts: readonly (string | undefined)[], region?: string): MapProvider {
  const forced = region?.trim().toLowerCase();
  if (forced) return AMAP_REGIONS.has(forced) ? 'amap' : 'google';
  const text = texts.filter(Boolean).join(' ');
  if (HAN.test(text) && !KANA.test(text)) return 'amap';
  return CITY_PATTERN.test(text) ? 'amap' : 'google';
}

/** The `region` to pass to Google (a ccTLD like "us"), when the override is one. */
export function googleRegionBias(region?: string): string | undefined {
  const value = region?.trim().toLowerCase();
  return value && /^[a-z]{2}$/.test(value) ? value : undefined;
}
