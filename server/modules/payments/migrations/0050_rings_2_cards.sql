-- Split from 0050_rings.sql (the payments' part): a database that ran that file has this part already.
CREATE INDEX ledger_payment_methods_card_idx ON ledger_payment_methods (last4, brand, exp_month, exp_year);
