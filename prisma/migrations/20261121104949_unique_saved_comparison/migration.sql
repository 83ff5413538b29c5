-- CreateIndex
CREATE UNIQUE INDEX "SavedComparison_userId_coin1Id_coin2Id_key" ON "SavedComparison"("userId", "coin1Id", "coin2Id");
