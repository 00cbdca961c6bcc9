-- Checkout and orders (issue 13): guest users, the checkout choices per cart, orders with their lines,
-- addresses, state changes and payments, the per-site order number counter, and the provider events
-- applied once each (decisions 0300-0302).
CREATE TABLE "checkout_sessions" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"delivery_branch_id" integer,
	"payment_method_id" integer,
	"company_data" jsonb,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"guest_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_oib" text DEFAULT '' NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_users_email_lower_check" CHECK ("guest_users"."email" = lower("guest_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "order_addresses" (
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"country_id" integer NOT NULL,
	"country" varchar(2) NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"zip_code" text NOT NULL,
	"is_company" boolean DEFAULT false NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_oib" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_addresses_order_id_kind_pk" PRIMARY KEY("order_id","kind"),
	CONSTRAINT "order_addresses_kind_check" CHECK ("order_addresses"."kind" in ('shipping', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"parent_product_id" integer,
	"format" text NOT NULL,
	"sku" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"options" jsonb DEFAULT '{"labels":[]}'::jsonb NOT NULL,
	"qty" integer NOT NULL,
	"basic_price" integer NOT NULL,
	"final_price" integer NOT NULL,
	"row_total" integer NOT NULL,
	"row_tax" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"eproduct" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_qty_check" CHECK ("order_lines"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"site_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_number_counters_site_id_year_pk" PRIMARY KEY("site_id","year")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_ref" varchar(128),
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_status_check" CHECK ("order_payments"."status" in ('pending', 'paid', 'failed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "order_state_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"field" varchar(16) NOT NULL,
	"from_value" text,
	"to_value" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"order_number" varchar(20) NOT NULL,
	"slug" varchar(22) NOT NULL,
	"cart_id" integer NOT NULL,
	"cart_version" integer NOT NULL,
	"user_id" integer,
	"guest_user_id" integer,
	"email" text NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"currency_id" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"eur_rate" numeric(12, 6) NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method_id" integer,
	"payment_method_code" integer NOT NULL,
	"payment_type" text NOT NULL,
	"payment_provider" varchar(32) NOT NULL,
	"payment_name" text NOT NULL,
	"delivery_method_id" integer,
	"delivery_method_code" integer,
	"delivery_name" text,
	"branch_id" integer,
	"branch_name" text,
	"branch_address" text,
	"company_data" jsonb,
	"items_total" integer NOT NULL,
	"coupon_amount" integer DEFAULT 0 NOT NULL,
	"loyalty_amount" integer DEFAULT 0 NOT NULL,
	"delivery_amount" integer DEFAULT 0 NOT NULL,
	"tax_total" integer DEFAULT 0 NOT NULL,
	"grand_total" integer NOT NULL,
	"eur_grand_total" integer NOT NULL,
	"coupon_id" integer,
	"coupon_code" varchar(64),
	"loyalty_points_spent" integer DEFAULT 0 NOT NULL,
	"loyalty_points_earned" integer DEFAULT 0 NOT NULL,
	"gift_message" text DEFAULT '' NOT NULL,
	"order_message" text DEFAULT '' NOT NULL,
	"gift_to" text DEFAULT '' NOT NULL,
	"gift_from" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('pending', 'active', 'cancelled')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('cod', 'bank_transfer', 'HPF', 'button')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."items_total" >= 0 and "orders"."coupon_amount" >= 0 and "orders"."loyalty_amount" >= 0 and "orders"."delivery_amount" >= 0 and "orders"."grand_total" >= 0 and "orders"."tax_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"order_id" integer NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"amount" integer NOT NULL,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_delivery_branch_id_delivery_branches_id_fk" FOREIGN KEY ("delivery_branch_id") REFERENCES "public"."delivery_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_guest_user_id_guest_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."guest_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_users" ADD CONSTRAINT "guest_users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_state_changes" ADD CONSTRAINT "order_state_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_user_id_guest_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."guest_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_users_site_email_idx" ON "guest_users" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_provider_ref_idx" ON "order_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "order_state_changes_order_idx" ON "order_state_changes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_site_number_idx" ON "orders" USING btree ("site_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_slug_idx" ON "orders" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id") WHERE "orders"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
-- The shipped order e-mails (decision 0303): the customer's confirmation per language and the shop's notice.
INSERT INTO "mail_templates" ("key", "language_code", "subject", "body_html", "body_text") VALUES
	('order-confirmation', 'hr', 'Narudžba {{ orderNumber }} – {{ siteName }}', '<p>Pozdrav {{ firstName }},</p>
<p>hvala na narudžbi {{ orderNumber }}.</p>
<p style="white-space:pre-line">{{ items }}</p>
<p>Ukupno: {{ grandTotal }}<br>Plaćanje: {{ paymentMethod }}<br>Dostava: {{ shippingMethod }}</p>
<p><a href="{{ orderUrl }}">Pregled narudžbe</a></p>', 'Pozdrav {{ firstName }},

hvala na narudžbi {{ orderNumber }}.

{{ items }}

Ukupno: {{ grandTotal }}
Plaćanje: {{ paymentMethod }}
Dostava: {{ shippingMethod }}

Pregled narudžbe: {{ orderUrl }}
'),
	('order-confirmation', 'en', 'Order {{ orderNumber }} – {{ siteName }}', '<p>Hello {{ firstName }},</p>
<p>thank you for your order {{ orderNumber }}.</p>
<p style="white-space:pre-line">{{ items }}</p>
<p>Total: {{ grandTotal }}<br>Payment: {{ paymentMethod }}<br>Delivery: {{ shippingMethod }}</p>
<p><a href="{{ orderUrl }}">View the order</a></p>', 'Hello {{ firstName }},

thank you for your order {{ orderNumber }}.

{{ items }}

Total: {{ grandTotal }}
Payment: {{ paymentMethod }}
Delivery: {{ shippingMethod }}

View the order: {{ orderUrl }}
'),
	('order-confirmation', 'de', 'Bestellung {{ orderNumber }} – {{ siteName }}', '<p>Hallo {{ firstName }},</p>
<p>vielen Dank für Ihre Bestellung {{ orderNumber }}.</p>
<p style="white-space:pre-line">{{ items }}</p>
<p>Summe: {{ grandTotal }}<br>Zahlung: {{ paymentMethod }}<br>Lieferung: {{ shippingMethod }}</p>
<p><a href="{{ orderUrl }}">Bestellung ansehen</a></p>', 'Hallo {{ firstName }},

vielen Dank für Ihre Bestellung {{ orderNumber }}.

{{ items }}

Summe: {{ grandTotal }}
Zahlung: {{ paymentMethod }}
Lieferung: {{ shippingMethod }}

Bestellung ansehen: {{ orderUrl }}
'),
	('order-notice', 'hr', 'Nova narudžba {{ orderNumber }}', '<p>Nova narudžba {{ orderNumber }} ({{ email }}, {{ firstName }} {{ lastName }}).</p>
<p style="white-space:pre-line">{{ items }}</p>
<p>Ukupno: {{ grandTotal }}<br>Plaćanje: {{ paymentMethod }}<br>Dostava: {{ shippingMethod }}</p>', 'Nova narudžba {{ orderNumber }} ({{ email }}, {{ firstName }} {{ lastName }}).

{{ items }}

Ukupno: {{ grandTotal }}
Plaćanje: {{ paymentMethod }}
Dostava: {{ shippingMethod }}
'),
	('order-notice', 'en', 'New order {{ orderNumber }}', '<p>New order {{ orderNumber }} ({{ email }}, {{ firstName }} {{ lastName }}).</p>
<p style="white-space:pre-line">{{ items }}</p>
<p>Total: {{ grandTotal }}<br>Payment: {{ paymentMethod }}<br>Delivery: {{ shippingMethod }}</p>', 'New order {{ orderNumber }} ({{ email }}, {{ firstName }} {{ lastName }}).

{{ items }}

Total: {{ grandTotal }}
Payment: {{ paymentMethod }}
Delivery: {{ shippingMethod }}
');
