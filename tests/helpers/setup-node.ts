// Runs before every node test file (jest.config.js): no test may resolve a push service's name
// with the real resolver; a test that needs one answered fakes it (tests/helpers/endpoint-lookup.ts).
import { setEndpointLookupForTests } from "@/lib/alerts/push-endpoint-check.server";
import { refuseLookups } from "./endpoint-lookup";

setEndpointLookupForTests(refuseLookups);
