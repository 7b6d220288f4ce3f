import { Hubs } from "./hubs";
import { Industries } from "./industries";
import { Integrations } from "./integrations";
import { Results } from "./results";
import { Steps } from "./steps";

export function FeatureSections({ brandName }: { brandName: string }) {
  return (
    <>
      <Hubs brandName={brandName} />
      <Steps />
      <Industries />
      <Results />
      <Integrations />
    </>
  );
}
