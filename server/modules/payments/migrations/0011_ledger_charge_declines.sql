-- Charges on the local ledger's saved cards: what the issuer answers every charge on a card that
-- attaches but cannot pay (Stripe's test card 4000 0000 0000 0341, tok_chargeCustomerFail); null
-- for a card that pays.
ALTER TABLE ledger_payment_methods ADD COLUMN charge_decline text;
