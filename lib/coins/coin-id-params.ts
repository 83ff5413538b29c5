// The path parameters of an endpoint that names one coin ("/api/cryptocurrencies/:id"): its
// endpoints files (coins, history, account, listings) declare them alike.
import { z } from "@/lib/shared/zod";
import { coinIdSchema } from "./schemas";

export const coinIdParams = <K extends string>(name: K) => z.strictObject({ [name]: coinIdSchema } as Record<K, typeof coinIdSchema>);
