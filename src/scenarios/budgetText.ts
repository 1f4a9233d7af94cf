import { RUN_BUDGET, type BudgetExceeded, type CostEstimate } from '../engine';
import type { LocalText } from './text';

/**
 * 24320 as "24,320", by hand: the page's first `toLocaleString` loads the locale's number data,
 * which held the page for 50 ms as a link opened on a run stopped at its budget.
 */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function millions(n: number): string {
  return n >= 1_000_000 ? `${Math.round(n / 100_000) / 10} million` : grouped(n);
}

function millionsZh(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1_000) / 10} 万` : String(n);
}

/** Why a run stopped at its budget, and what to change, as a sentence in each language. */
export function describeBudget(b: BudgetExceeded): LocalText {
  switch (b.limit) {
    case 'in-flight':
      return {
        en: `The run stopped: ${millions(b.used)} records and barriers were in flight at once, more than the ${millions(b.max)} this simulator keeps. Give the channels a capacity, lower the source rates, or use fewer broadcast edges.`,
        zh: `运行已停止：同时在途的记录和分界线有 ${millionsZh(b.used)} 个，超过本模拟器可容纳的 ${millionsZh(b.max)} 个。请为通道设置容量、降低 Source 速率，或减少 broadcast 边。`,
      };
    case 'element-steps':
      return {
        en: `The run stopped: it moved ${millions(b.used)} elements, more than the ${millions(b.max)} a browser simulates in a few seconds. Shorten the input, lower the parallelism, or use fewer broadcast edges.`,
        zh: `运行已停止：已传递 ${millionsZh(b.used)} 个元素，超过浏览器几秒内能模拟的 ${millionsZh(b.max)} 个。请缩短输入、降低并行度，或减少 broadcast 边。`,
      };
    case 'recording':
      return {
        en: `The recording stopped: it holds ${millions(b.used)} elements in flight across its stored moments, more than the ${millions(b.max)} it may keep in memory. Shorten the input or give the channels a smaller capacity.`,
        zh: `录制已停止：保存的各个时刻中在途元素共有 ${millionsZh(b.used)} 个，超过内存可保留的 ${millionsZh(b.max)} 个。请缩短输入或为通道设置更小的容量。`,
      };
  }
}

/**
 * The refusal of a scenario whose cost estimate exceeds the budget, naming what to change, or
 * null when it fits.
 */
export function costProblem(estimate: CostEstimate): LocalText | null {
  if (estimate.elementSteps <= RUN_BUDGET.elementSteps) return null;
  const cost = {
    en: `this job would move about ${millions(estimate.elementSteps)} elements, more than the ${millions(RUN_BUDGET.elementSteps)} a browser simulates in a few seconds`,
    zh: `该作业约需传递 ${millionsZh(estimate.elementSteps)} 个元素，超过浏览器几秒内能模拟的 ${millionsZh(RUN_BUDGET.elementSteps)} 个`,
  };
  const h = estimate.heaviest;
  if (h?.broadcast) {
    return {
      en: `${cost.en}: the broadcast edge ${h.from} → ${h.to} alone carries ${millions(h.elements)}. Partition it by rebalance or hash, lower the parallelism of ${h.to}, or shorten the input`,
      zh: `${cost.zh}：仅 broadcast 边 ${h.from} → ${h.to} 就要传递 ${millionsZh(h.elements)} 个。请改用 rebalance 或 hash 分区、降低 ${h.to} 的并行度，或缩短输入`,
    };
  }
  return {
    en: `${cost.en}. Shorten the input or use fewer operators`,
    zh: `${cost.zh}。请缩短输入或减少算子`,
  };
}
