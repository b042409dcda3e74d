export {
  clabe,
  openpaySandbox,
  OPENPAY_HTTP_STATUS,
  SANDBOX_CLABE,
  SANDBOX_DEFAULTS,
  SANDBOX_MOUNT,
  sandboxForShop,
  startOpenpaySandbox,
  type ShopSandbox,
  type Json,
  type OpenpaySandbox,
  type OpenpaySandboxOptions,
  type RecordedRequest,
} from './server';
export { cardOutcome, cardPlans, luhnValid, notExpired, OUTCOME_ERROR, TEST_CARDS, TEST_CARD_PLANS, type CardOutcome } from './test-cards';
