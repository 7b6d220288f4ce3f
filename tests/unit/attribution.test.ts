import { describe, expect, it } from "vitest";
import {
  attributionFields,
  attributionFromFields,
  attributionFromLanding,
  attributionSchema,
} from "~/schemas/attribution";

describe("attribution from the landing visit", () => {
  it("reads the UTM tags, which click id was present (not its value), an outside referrer's host and the path", () => {
    const url = new URL(
      "https://groundwork.example/?utm_source=Google&utm_medium=CPC&utm_campaign=spring-roofing&utm_term=roof%20repair&utm_content=ad-2&gclid=abc123&other=x",
    );
    expect(attributionFromLanding(url, "https://www.Google.com/search?q=crm", "groundwork.example")).toEqual({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring-roofing",
      utmTerm: "roof repair",
      utmContent: "ad-2",
      clickId: "gclid",
      referrerHost: "www.google.com",
      landingPath: "/",
    });
  });

  it("leaves out a referrer on this site, a referrer that is not a URL, and tags that break the rules", () => {
    const url = new URL(`https://groundwork.example/?utm_source=${"a".repeat(101)}&utm_campaign=%3Cscript%3E&fbclid=`);
    expect(attributionFromLanding(url, "https://groundwork.example/privacy", "groundwork.example")).toEqual({
      landingPath: "/",
    });
    expect(attributionFromLanding(url, "not a url", "groundwork.example")).toEqual({ landingPath: "/" });
  });
});

describe("attribution carried in forms and links", () => {
  it("round-trips through its field names, dropping unknown and bad values", () => {
    const fields = new Map<string, string>([
      ["utm_source", "newsletter"],
      ["utm_campaign", "spring-roofing"],
      ["click_id", "msclkid"],
      ["referrer_host", "news.example.org"],
      ["landing_path", "/"],
      ["utm_medium", "e\u0000mail"],
      ["unknown", "dropped"],
    ]);
    const attribution = attributionFromFields((name) => fields.get(name));
    expect(attribution).toEqual({
      utmSource: "newsletter",
      utmCampaign: "spring-roofing",
      clickId: "msclkid",
      referrerHost: "news.example.org",
      landingPath: "/",
    });
    expect(attributionFields(attribution)).toEqual([
      ["utm_source", "newsletter"],
      ["utm_campaign", "spring-roofing"],
      ["click_id", "msclkid"],
      ["referrer_host", "news.example.org"],
      ["landing_path", "/"],
    ]);
    expect(attributionFromFields((name) => (name === "click_id" ? "dclid" : undefined))).toEqual({});
  });
});

describe("the JSON APIs' attribution object", () => {
  it("drops unknown keys and refuses a bad value with a message", () => {
    expect(attributionSchema.parse({ utm_source: " Bing ", foo: "bar" })).toEqual({ utmSource: "bing" });
    const refused = attributionSchema.safeParse({ utm_campaign: "x".repeat(101), referrer_host: "not a host" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "utm_campaign must be at most 100 characters",
      "referrer_host must be a host name",
    ]);
    expect(attributionSchema.safeParse({ utm_source: 7 }).success).toBe(false);
  });
});
