export interface ValidationRow { peril: string; place: string; latitude: number; longitude: number; quantity: string; reference: number | null; reference_source: string; ours: number; ratio: number | null; note?: string }
export interface OrderingCheck { peril: string; claim: string; holds: boolean; detail: string }
