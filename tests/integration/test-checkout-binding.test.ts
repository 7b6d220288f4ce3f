import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orders } from "~/db/schema.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout.test.$orderId";
import { loader as successLoader } from "~/routes/checkout.success";
import { startCheckout } from "~/services/checkout/flow.server";
import { getDb } from "~/db/connection.server";
import { getToast } from "~/utils/http/toast.server";
import { forget } from "~/utils/singleton.server";
import { describeWithDatabases } from "../support/database";
import { origin, respond } from "../support/route-calls";

async function newOrder() {
  const started = await startCheckout(
    {
      info: {
        companyName: "Ruiz Roofing",
        fullName: "Ana Ruiz",
        email: "ana@ruizroofing.com",
        phone: "+1 555 010 2000",
      },
      planIds: ["scale-master"],
      billing: "monthly",
      coupon: null,
      attemptId: crypto.randomUUID(),
    },
    new Request("http://localhost/"),
  );
  const url = new URL(started.url, "http://localhost/");
  return { id: started.orderId, path: `${url.pathname}${url.search}`, token: url.searchParams.get("token")! };
}

const view = (path: string) =>
  respond(() =>
    checkoutLoader({
      request: new Request(`${origin}${path}`),
      params: { orderId: decodeURIComponent(path.split("/")[3].split("?")[0]) },
      context: {},
    }),
  );

function press(path: string, intent: "pay" | "cancel") {
  const request = new Request(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent }),
  });
  return respond(() =>
    checkoutAction({ request, params: { orderId: decodeURIComponent(path.split("/")[3].split("?")[0]) }, context: {} }),
  );
}

const statusOf = async (id: string) => (await getDb().select().from(orders).where(eq(orders.id, id)))[0].status;

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return (await getToast(new Request(origin, { headers: { Cookie: cookie } }))).toast;
}

describeWithDatabases("test-mode checkout bound to its signed link", () => {
  it("the order id alone, a wrong token or another order's token opens nothing (404), and cannot pay or cancel", async () => {
    const order = await newOrder();
    const other = await newOrder();
    for (const path of [
      `/checkout/test/${order.id}`,
      `/checkout/test/${order.id}?token=${"A".repeat(43)}`,
      `/checkout/test/${order.id}?token=${other.token}`,
    ]) {
      expect((await view(path)).status, path).toBe(404);
      expect((await press(path, "cancel")).status, path).toBe(404);
      expect((await press(path, "pay")).status, path).toBe(404);
    }
    expect(await statusOf(order.id)).toBe("pending");
    expect((await view(`/checkout/test/%00?token=${order.token}`)).status).toBe(404);

    const page = await view(order.path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await page.json()).toMatchObject({ id: order.id, email: "ana@ruizroofing.com", status: "pending" });
  });

  it("once a Stripe key is set, a test order's own signed link answers 404 and cannot pay", async () => {
    const order = await newOrder();
    process.env.STRIPE_SECRET_KEY = "sk_live_set_after_testing";
    forget("env");
    try {
      expect((await view(order.path)).status).toBe(404);
      expect((await press(order.path, "pay")).status).toBe(404);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      forget("env");
    }
    expect(await statusOf(order.id)).toBe("pending");
    expect((await view(order.path)).status).toBe(200);
  });

  it("pay leads to the signed receipt; the receipt without its token is not found", async () => {
    const order = await newOrder();
    const paid = await press(order.path, "pay");
    expect(paid.status).toBe(303);
    const receipt = paid.headers.get("Location")!;
    expect(receipt).toBe(`/checkout/success?order_id=${order.id}&token=${order.token}`);
    expect(await statusOf(order.id)).toBe("paid");

    const shown = await respond(() =>
      successLoader({ request: new Request(`${origin}${receipt}`), params: {}, context: {} }),
    );
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await shown.json()).toMatchObject({ confirmed: true, email: "ana@ruizroofing.com" });
    const bare = await respond(() =>
      successLoader({
        request: new Request(`${origin}/checkout/success?order_id=${order.id}`),
        params: {},
        context: {},
      }),
    );
    expect(bare.status).toBe(404);
  });

  it("cancel says what happened: a pending order is canceled; a paid order stays paid and the page says so", async () => {
    const pending = await newOrder();
    const canceled = await press(pending.path, "cancel");
    expect(await toastOf(canceled)).toMatchObject({ type: "success", message: "Order canceled" });
    expect(await statusOf(pending.id)).toBe("canceled");
    // Paying a canceled order is refused with its real state.
    const late = await press(pending.path, "pay");
    expect(await toastOf(late)).toMatchObject({
      type: "error",
      description: "This order is canceled and can no longer be paid. Please start a new one.",
    });

    const order = await newOrder();
    await press(order.path, "pay");
    const refused = await press(order.path, "cancel");
    expect(refused.headers.get("Location")).toBe(order.path);
    expect(await toastOf(refused)).toEqual({
      type: "error",
      message: "Order already paid",
      description: "This order is paid, so it can no longer be canceled.",
    });
    expect(await statusOf(order.id)).toBe("paid");
  });
});
